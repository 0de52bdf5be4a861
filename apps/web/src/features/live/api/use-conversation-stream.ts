import type { LiveTranscript } from '@sparks/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { followStream, type StreamStatus } from './follow-stream';
import { renewWith } from './live-calls';
import { applyEvent, isVisitorTyping, lastSeq, mergeMessages, type LiveThread } from './live-thread';

/** How long "typing…" stays after the visitor's last keystroke signal. */
const TYPING_SHOWN_MS = 4000;

/**
 * One conversation as it happens: the stored transcript, then each message, state and typing
 * signal of its stream. The stream starts after the transcript's last message and resumes after
 * the last one received, so a reconnect neither loses nor repeats a message.
 */
export function useConversationStream(sparkId: string, conversationId: string, transcript: LiveTranscript | undefined) {
  const start = useMemo<LiveThread | null>(
    () => (transcript ? { messages: mergeMessages([], transcript.messages), takenOver: transcript.conversation.takenOver } : null),
    [transcript],
  );
  // What the stream added; until it says anything, the transcript is the thread.
  const [live, setLive] = useState<{ from: LiveThread; thread: LiveThread } | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [visitorTyping, setVisitorTyping] = useState(false);
  const threadRef = useRef<LiveThread | null>(null);

  useEffect(() => {
    if (!start) return;
    threadRef.current = start;
    const controller = new AbortController();
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    void followStream({
      path: `/sparks/${sparkId}/live/${conversationId}/events`,
      signal: controller.signal,
      lastEventId: () => lastSeq(threadRef.current?.messages ?? []),
      renewSession: renewWith(sparkId),
      onStatus: setStatus,
      onEvent: (event) => {
        if (isVisitorTyping(event)) {
          setVisitorTyping(true);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setVisitorTyping(false), TYPING_SHOWN_MS);
          return;
        }
        const current = threadRef.current ?? start;
        const next = applyEvent(current, event);
        if (next === current) return;
        // A message from the visitor ends their typing.
        if (next.messages.at(-1)?.role === 'visitor' && next.messages.length > current.messages.length) setVisitorTyping(false);
        threadRef.current = next;
        setLive({ from: start, thread: next });
      },
    });
    return () => {
      controller.abort();
      clearTimeout(typingTimer);
    };
  }, [sparkId, conversationId, start]);

  const thread = live && live.from === start ? live.thread : start;
  return { thread, status, visitorTyping };
}
