import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * What an answer is handed: passages in the order retrieval ranked them, as many as fit in a token
 * budget, not a fixed number (docs/decisions/0037). Short passages (a table row, a FAQ entry) leave
 * room for more of them; a long one does not crowd out the rest of the prompt. The budget is
 * counted with o200k_base, the encoding of current OpenAI models; other models count within a few
 * per cent of it, which a budget does not need to be closer than.
 */
export const EVIDENCE_TOKEN_BUDGET = 5_000;
/** Never more than this many, however short: a model reads the first ones, and a reader of the sources list too. */
export const EVIDENCE_MAX_PASSAGES = 16;
/** Never fewer: the first passages go whole even when each is long. */
const EVIDENCE_MIN_PASSAGES = 3;

/** Passages are immutable once read (a new version of a document gets new ones): each is counted once. */
const counted = new Map<string, number>();
const COUNT_CACHE = 50_000;

function tokensOf(id: string | undefined, text: string): number {
  const known = id === undefined ? undefined : counted.get(id);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  if (id !== undefined) {
    if (counted.size >= COUNT_CACHE) counted.delete(counted.keys().next().value!);
    counted.set(id, tokens);
  }
  return tokens;
}

/** The ranked passages that fit the budget, in their order; a passage too long for what is left is passed over for shorter ones below it. */
export function evidenceWithinBudget<T extends { chunkId?: string; text: string; heading?: string | null }>(
  ranked: readonly T[],
  budget = EVIDENCE_TOKEN_BUDGET,
  most = EVIDENCE_MAX_PASSAGES,
): T[] {
  const kept: T[] = [];
  let used = 0;
  for (const passage of ranked) {
    if (kept.length >= most) break;
    const tokens = tokensOf(passage.chunkId, `${passage.heading ?? ''}\n${passage.text}`);
    if (kept.length >= EVIDENCE_MIN_PASSAGES && used + tokens > budget) continue;
    kept.push(passage);
    used += tokens;
  }
  return kept;
}
