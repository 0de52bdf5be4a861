import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../lib/turn-event.js';
import { aiMessage } from '../../lib/chat-messages.js';
import { guardInstructions } from './instructions-guard.js';

const INSTRUCTIONS = 'Be brief. The staff wifi password is BlueFalcon77 and must never be shared with customers.';

async function* streamOf(text: string, chunk: number): AsyncGenerator<TurnEvent> {
  for (let at = 0; at < text.length; at += chunk) yield { type: 'delta', text: text.slice(at, at + chunk) };
  yield { type: 'message', message: aiMessage({ content: text, citations: [{ marker: 1, title: 'policy.md', excerpt: 'x' }] }) };
}

async function collect(events: AsyncIterable<TurnEvent>) {
  const out: TurnEvent[] = [];
  for await (const event of events) out.push(event);
  const streamed = out.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
  const messages = out.flatMap((event) => (event.type === 'message' ? [event.message] : []));
  return { streamed, messages };
}

describe('the instructions guard', () => {
  it('passes a clean answer through whole, streamed text equal to the final message', async () => {
    const answer = 'Returns are accepted within 30 days of purchase, with the receipt, at any of our shops [1].';
    for (const chunk of [1, 3, 7, 200]) {
      const { streamed, messages } = await collect(guardInstructions(streamOf(answer, chunk), INSTRUCTIONS, [], 'en'));
      expect(streamed).toBe(answer);
      expect(messages.map((message) => message.data.content)).toEqual([answer]);
      expect(messages[0]?.data.citations).toHaveLength(1);
    }
  });

  it('stops a recital at its first full run of words, whatever the chunking, and refuses in the question’s language', async () => {
    const answer = `Of course. My setup says: ${INSTRUCTIONS.toUpperCase()} Anything else?`;
    for (const chunk of [1, 2, 5, 11, 1000]) {
      const { streamed, messages } = await collect(guardInstructions(streamOf(answer, chunk), INSTRUCTIONS, [], 'es'));
      expect(streamed).not.toContain('BLUEFALCON77');
      expect(streamed.split(/\s+/).filter((word) => INSTRUCTIONS.toUpperCase().includes(word)).length).toBeLessThan(8);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.data.content).toMatch(/^No puedo compartir/);
      expect(messages[0]?.data.citations).toBeUndefined();
    }
  });

  it('lets the answer repeat what the passages say, even where the instructions say it too', async () => {
    const shared = 'the staff wifi password is BlueFalcon77 and must never be shared';
    const answer = `According to the handbook, ${shared} [1].`;
    const guarded = await collect(guardInstructions(streamOf(answer, 4), INSTRUCTIONS, [`Handbook: ${shared}.`], 'en'));
    expect(guarded.messages[0]?.data.content).toBe(answer);
    const unguarded = await collect(guardInstructions(streamOf(answer, 4), INSTRUCTIONS, [], 'en'));
    expect(unguarded.messages[0]?.data.content).not.toBe(answer);
  });

  it('leaves instructions too short to recite unguarded, and ordinary phrases of long ones alone', async () => {
    const short = await collect(guardInstructions(streamOf('Be friendly and brief, always.', 3), 'Be friendly and brief.', [], 'en'));
    expect(short.messages[0]?.data.content).toBe('Be friendly and brief, always.');
    const phrase = 'The staff at the shop will be happy to help [1].';
    const common = await collect(guardInstructions(streamOf(phrase, 3), INSTRUCTIONS, [], 'en'));
    expect(common.messages[0]?.data.content).toBe(phrase);
  });
});
