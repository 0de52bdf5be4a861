import type { ModelSettings } from '../lib/model-settings.js';
import { aiMessage } from '../lib/chat-messages.js';
import { modelTurn } from './model-turn.js';

/**
 * One prompt to the configured model and the text of its final reply, with the turn's time limits;
 * undefined when the model fails in any way, so a helper call (a grader, a proposal) degrades to
 * nothing instead of failing what asked for it.
 */
export async function modelReply(settings: ModelSettings, system: string, prompt: string, signal: AbortSignal): Promise<string | undefined> {
  let reply: string | undefined;
  try {
    for await (const event of modelTurn({
      ...settings,
      system,
      messages: [{ role: 'user', content: prompt }],
      finishText: (content) => aiMessage({ content }),
      signal,
    })) {
      if (event.type === 'message') reply = event.message.data.content ?? '';
    }
  } catch {
    return undefined;
  }
  return reply;
}
