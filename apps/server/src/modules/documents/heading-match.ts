import { headingMatch } from '../../lib/heading-match.js';
import type { ChunkHit } from './chunks-repository.js';

/** How much a heading that says exactly what the question asks multiplies a passage's score. */
const HEADING_WEIGHT = 1.5;

/** Passages ranked again with their heading's match to the question: the section that is the answer comes first. */
export function rerankByHeading(question: string, hits: readonly ChunkHit[]): ChunkHit[] {
  return hits
    .map((hit, index) => ({ hit, index, score: hit.score * (1 + HEADING_WEIGHT * headingMatch(question, hit.heading)) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ hit, score }) => ({ ...hit, score }));
}
