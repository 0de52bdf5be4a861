import type { CaseFailure, ChatMessage, Expectations } from '@sparks/contract';
import { foldAccents } from '../../lib/fold-text.js';

export interface Judgement {
  passed: boolean;
  failures: CaseFailure[];
  graded: 'checks' | 'model';
}

/** Grades an answer against the owner's words: PASS or FAIL with a reason; undefined when it could not. */
export type ModelJudge = (input: {
  questions: readonly string[];
  answer: string;
  expectation: string;
  signal: AbortSignal;
}) => Promise<{ pass: boolean; reason: string } | undefined>;

/** Compared without case, accents, Markdown emphasis or runs of spaces: "**30 días**" contains "30 dias". */
export const fold = (text: string): string => foldAccents(text).replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Judges a replayed answer: the deterministic checks always (facts it must mention, words it must
 * not say, the document it must cite), and the owner's plain-words expectation when a model is
 * there to grade it. Every failure says why, in words the owner used, and which question's answer it was.
 */
export async function judgeAnswer(
  answer: ChatMessage,
  expectations: Expectations,
  context: { questions: readonly string[]; turn: number; documentExists: (documentId: string) => boolean; judge?: ModelJudge | undefined; signal: AbortSignal },
): Promise<Judgement> {
  const text = answer.data.content ?? '';
  const folded = fold(text);
  const failures: CaseFailure[] = [];
  const fail = (failure: Omit<CaseFailure, 'turn'>) => failures.push({ ...failure, turn: context.turn });
  for (const fact of expectations.mustInclude) {
    if (!folded.includes(fold(fact))) fail({ code: 'missing', detail: fact, message: `The answer does not mention “${fact}”.` });
  }
  for (const fact of expectations.mustNotInclude) {
    if (folded.includes(fold(fact))) fail({ code: 'forbidden', detail: fact, message: `The answer says “${fact}”, which it must not.` });
  }
  const cited = expectations.citesDocument;
  if (cited) {
    if (!context.documentExists(cited.documentId)) {
      fail({ code: 'document-gone', detail: cited.name, message: `It should cite ${cited.name}, which is no longer among the Spark's documents.` });
    } else if (!(answer.data.citations ?? []).some((citation) => citation.documentId === cited.documentId)) {
      fail({ code: 'not-cited', detail: cited.name, message: `The answer does not cite ${cited.name}.` });
    }
  }
  const action = expectations.callsAction;
  if (action) {
    const offered = answer.data.action as { actionId?: unknown; values?: Record<string, string> } | undefined;
    if (offered?.actionId !== action.actionId) fail({ code: 'no-action', detail: action.name, message: `The answer does not offer ${action.name}.` });
    else
      for (const [key, value] of Object.entries(action.values)) {
        const given = offered.values?.[key] ?? '';
        if (fold(given) !== fold(value))
          fail({
            code: 'action-values',
            detail: `${key}: ${given || '—'} → ${value}`,
            message: `${action.name} is given ${key} “${given}” instead of “${value}”.`,
          });
      }
  }
  let graded: Judgement['graded'] = 'checks';
  if (expectations.expectation && context.judge) {
    const verdict = await context.judge({ questions: context.questions, answer: text, expectation: expectations.expectation, signal: context.signal });
    if (verdict) {
      graded = 'model';
      if (!verdict.pass) fail({ code: 'judge', detail: verdict.reason, message: `Against “${expectations.expectation}”: ${verdict.reason}` });
    }
  }
  return { passed: failures.length === 0, failures, graded };
}
