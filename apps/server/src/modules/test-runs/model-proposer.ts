import { TEST_CASE_LIMITS } from '@sparks/contract';
import { z } from 'zod';
import { modelReply } from '../../llm/model-reply.js';
import type { ModelSettings } from '../../lib/model-settings.js';

const SYSTEM = [
  'You help the owner of a chatbot keep one of its test conversations as an automatic test.',
  'From the questions and the final answer, propose what any good answer to these questions must do.',
  'Reply with JSON only, in the language of the conversation:',
  '{"mustInclude": [short facts a good answer states, at most 3], "mustNotInclude": [phrases a good answer never says, at most 2], "expectation": "one sentence on what a good answer does"}',
].join('\n');

const proposalSchema = z.object({
  mustInclude: z.array(z.string().trim().min(1).max(TEST_CASE_LIMITS.factChars)).max(3).catch([]),
  mustNotInclude: z.array(z.string().trim().min(1).max(TEST_CASE_LIMITS.factChars)).max(2).catch([]),
  expectation: z.string().trim().max(TEST_CASE_LIMITS.expectationChars).nullable().catch(null),
});
export type ModelProposal = z.infer<typeof proposalSchema>;
export type CaseProposer = (input: { questions: readonly string[]; answer: string; signal: AbortSignal }) => Promise<ModelProposal | undefined>;

/**
 * The configured model as the assistant that proposes a case's expectations. Whatever it answers
 * is read through a schema: anything unreadable proposes nothing rather than failing the dialog.
 */
export function modelProposer(settings: ModelSettings): CaseProposer {
  return async ({ questions, answer, signal }) => {
    const prompt = `Questions:\n${questions.map((question) => `- ${question}`).join('\n')}\n\nFinal answer:\n${answer}`;
    const reply = await modelReply(settings, SYSTEM, prompt, signal);
    if (reply === undefined) return undefined;
    const json = /\{[\s\S]*\}/.exec(reply)?.[0];
    if (!json) return undefined;
    try {
      const parsed = proposalSchema.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
}
