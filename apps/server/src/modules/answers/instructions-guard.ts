import type { Language } from '@sparks/contract';
import type { TurnEvent } from '../../lib/turn-event.js';
import { catalogue } from '../../llm/offline/assistant-catalogue.js';
import { aiMessage } from '../../lib/chat-messages.js';

/**
 * A run of this many words copied from the instructions is a leak. Shorter runs are ordinary
 * phrases ("answer questions about our"), and anything longer is already unmistakable.
 */
const RUN = 8;

const REFUSAL: Record<Language, string> = { en: catalogue('en')('guard.refusal'), es: catalogue('es')('guard.refusal') };

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const runsOf = (words: readonly string[]): Set<string> => {
  const runs = new Set<string>();
  for (let start = 0; start + RUN <= words.length; start++) runs.add(words.slice(start, start + RUN).join(' '));
  return runs;
};

/**
 * The owner's instructions are configuration, never something a visitor reads (docs/decisions/0017).
 * The prompt says so, but a model can still be talked into reciting them, so every answer is
 * read as it streams: a run of RUN words that stands in the instructions and in none of the
 * passages the answer was given is a leak. From then on nothing more of the answer is sent and
 * the final message becomes a polite refusal without citations. The last RUN - 1 words are held
 * back while streaming, so no complete run ever leaves before it is checked.
 */
export async function* guardInstructions(
  events: AsyncIterable<TurnEvent>,
  instructions: string,
  knowledge: readonly string[],
  language: Language,
): AsyncGenerator<TurnEvent> {
  const secret = runsOf(wordsOf(instructions));
  if (secret.size === 0) {
    yield* events;
    return;
  }
  for (const text of knowledge) for (const run of runsOf(wordsOf(text))) secret.delete(run);
  let written = '';
  let sent = 0;
  let leaked = false;
  let refused = false;
  const leaks = (text: string) => [...runsOf(wordsOf(text))].some((run) => secret.has(run));
  for await (const event of events) {
    if (event.type === 'delta') {
      if (leaked) continue;
      written += event.text;
      leaked = leaks(written);
      const safeEnd = leaked ? sent : heldBackFrom(written);
      if (safeEnd > sent) yield { type: 'delta', text: written.slice(sent, safeEnd) };
      sent = safeEnd;
      continue;
    }
    leaked ||= event.message.type === 'ai' && leaks(event.message.data.content ?? '');
    if (leaked) {
      if (!refused) yield { type: 'message', message: aiMessage({ content: REFUSAL[language] }) };
      refused = true;
      continue;
    }
    if (written.length > sent) yield { type: 'delta', text: written.slice(sent) };
    written = '';
    sent = 0;
    yield event;
  }
}

/** Where the last RUN - 1 words of the streamed text begin: everything before is checked. */
function heldBackFrom(text: string): number {
  const starts = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => match.index);
  return starts.length < RUN ? 0 : (starts[starts.length - RUN + 1] ?? 0);
}
