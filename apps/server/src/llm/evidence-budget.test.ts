import { describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_PASSAGES, EVIDENCE_TOKEN_BUDGET, evidenceWithinBudget } from './evidence-budget.js';

const passage = (id: string, words: number) => ({ chunkId: id, heading: 'Opening hours', text: Array.from({ length: words }, (_, i) => `word${i}`).join(' ') });

describe('the evidence an answer is handed', () => {
  it('takes short passages in their order up to the most a reader is given', () => {
    const ranked = Array.from({ length: 20 }, (_, i) => passage(`short-${i}`, 10));
    const kept = evidenceWithinBudget(ranked);
    expect(kept).toHaveLength(EVIDENCE_MAX_PASSAGES);
    expect(kept.map((hit) => hit.chunkId)).toEqual(ranked.slice(0, EVIDENCE_MAX_PASSAGES).map((hit) => hit.chunkId));
  });

  it('stops long passages at the token budget, and passes over one too long for what is left for shorter ones below it', () => {
    // Each "wordN" is two or three tokens: three passages of 150 words leave room for short ones, not for one of 2,000.
    const ranked = [passage('a', 150), passage('b', 150), passage('c', 150), passage('d', 2_000), passage('e', 20), passage('f', 20)];
    const kept = evidenceWithinBudget(ranked).map((hit) => hit.chunkId);
    expect(kept).toEqual(['a', 'b', 'c', 'e', 'f']);
  });

  it('hands over the first passages whole however long they are', () => {
    const ranked = [passage('long-1', 3_000), passage('long-2', 3_000), passage('long-3', 3_000), passage('long-4', 3_000)];
    expect(evidenceWithinBudget(ranked, EVIDENCE_TOKEN_BUDGET).map((hit) => hit.chunkId)).toEqual(['long-1', 'long-2', 'long-3']);
  });
});
