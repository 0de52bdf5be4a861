import { modelReply } from '../../llm/model-reply.js';
import type { ModelSettings } from '../../lib/model-settings.js';
import type { ModelJudge } from './judge-answer.js';

const SYSTEM = [
  'You check a chatbot answer against what its owner expects of it.',
  'Reply with one line only: PASS or FAIL, a colon, and a short reason in the language of the expectation.',
  'PASS when the answer does what the expectation asks; FAIL otherwise. Judge only the expectation, nothing else.',
].join('\n');

const VERDICT = /^\W*(PASS|FAIL)\b\W*(.*)$/is;

/** The configured model as a grader of plain-words expectations (never the offline responder, which cannot judge). */
export function modelJudge(settings: ModelSettings): ModelJudge {
  return async ({ questions, answer, expectation, signal }) => {
    const prompt = [
      `Questions asked:\n${questions.map((question) => `- ${question}`).join('\n')}`,
      `Answer given:\n${answer}`,
      `Expectation:\n${expectation}`,
    ].join('\n\n');
    // A grader that fails leaves the case graded by its checks alone; the result says so.
    const verdict = (await modelReply(settings, SYSTEM, prompt, signal)) ?? '';
    const match = VERDICT.exec(verdict.trim());
    if (!match) return undefined;
    return {
      pass: match[1]!.toUpperCase() === 'PASS',
      reason: (match[2] ?? '').trim().slice(0, 300) || (match[1]!.toUpperCase() === 'PASS' ? 'meets the expectation' : 'does not meet the expectation'),
    };
  };
}
