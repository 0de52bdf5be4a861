import { TEST_CASE_LIMITS, type CaseProposal, type Expectations, type TurnChecksBody } from '@sparks/contract';

/** One question's checks as the owner edits them: lists are typed one item per line. */
export interface TurnChecksDraft {
  checked: boolean;
  mustInclude: string;
  mustNotInclude: string;
  cites: string;
  expectation: string;
  /** The action the answer offered, kept as a check while `expectsAction` is on. */
  action: Expectations['callsAction'];
  expectsAction: boolean;
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function draftOf(turn: CaseProposal['turns'][number]): TurnChecksDraft {
  const { mustInclude, mustNotInclude, citesDocument, expectation, callsAction } = turn.expectations;
  return {
    // Proposed checks start switched on, so the owner sees and can clear what the chat suggested.
    checked: mustInclude.length + mustNotInclude.length > 0 || Boolean(citesDocument) || Boolean(expectation) || Boolean(callsAction),
    mustInclude: mustInclude.join('\n'),
    mustNotInclude: mustNotInclude.join('\n'),
    cites: citesDocument?.documentId ?? '',
    expectation: expectation ?? '',
    action: callsAction ?? null,
    expectsAction: Boolean(callsAction),
  };
}

export const draftTooLong = (draft: TurnChecksDraft): boolean =>
  draft.checked && (lines(draft.mustInclude).length > TEST_CASE_LIMITS.facts || lines(draft.mustNotInclude).length > TEST_CASE_LIMITS.facts);

export function checksOf(drafts: readonly TurnChecksDraft[]): TurnChecksBody[] {
  return drafts.flatMap((draft, turn) =>
    draft.checked
      ? [
          {
            turn,
            mustInclude: lines(draft.mustInclude),
            mustNotInclude: lines(draft.mustNotInclude),
            citesDocumentId: draft.cites || null,
            expectation: draft.expectation.trim() || null,
            callsAction: draft.expectsAction && draft.action ? { actionId: draft.action.actionId, values: draft.action.values } : null,
          },
        ]
      : [],
  );
}
