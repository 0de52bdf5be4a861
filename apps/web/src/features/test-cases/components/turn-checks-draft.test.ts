import type { CaseProposal } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { checksOf, draftOf } from './turn-checks-draft';

const turn = (callsAction: CaseProposal['turns'][number]['expectations']['callsAction']): CaseProposal['turns'][number] => ({
  question: 'Book a table for 4',
  answer: 'I can help with that: Book a table.',
  expectations: { mustInclude: [], mustNotInclude: [], citesDocument: null, expectation: null, callsAction },
});

describe('the checks of a question whose answer offered an action', () => {
  it('starts with the action expected, with what the question gave it, and sends it back as the action and values', () => {
    const draft = draftOf(turn({ actionId: 'a1', name: 'Book a table', values: { people: '4' } }));
    expect(draft).toMatchObject({ checked: true, expectsAction: true });
    expect(checksOf([draft])).toEqual([
      { turn: 0, mustInclude: [], mustNotInclude: [], citesDocumentId: null, expectation: null, callsAction: { actionId: 'a1', values: { people: '4' } } },
    ]);
  });

  it('drops the action when the owner unticks it, and has none for an answer that offered nothing', () => {
    const draft = { ...draftOf(turn({ actionId: 'a1', name: 'Book a table', values: {} })), expectsAction: false };
    expect(checksOf([draft])[0]?.callsAction).toBeNull();
    expect(draftOf(turn(undefined))).toMatchObject({ checked: false, action: null, expectsAction: false });
  });
});
