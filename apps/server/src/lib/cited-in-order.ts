import { citationMarkerPattern } from '@sparks/contract';

/** Citation markers ([1], [2] …) in an answer, in order of first appearance. */
export function citedMarkers(text: string): number[] {
  const seen = new Set<number>();
  for (const match of text.matchAll(citationMarkerPattern())) seen.add(Number(match[1]));
  return [...seen];
}

/**
 * An answer as its reader sees it: the sources numbered 1, 2, 3 in the order the text cites them,
 * whatever the passages' ranks were, and the markers in the text renumbered to match. A citation
 * the text does not cite is dropped; a marker with no citation stays as written.
 */
export function citedInOrder<C extends { marker: number }>(content: string, cited: readonly C[]): { content: string; citations: C[] } {
  const order = citedMarkers(content).filter((marker) => cited.some((citation) => citation.marker === marker));
  const renumbered = new Map(order.map((marker, index) => [marker, index + 1]));
  const citations = cited
    .filter(({ marker }) => renumbered.has(marker))
    .map((citation) => ({ ...citation, marker: renumbered.get(citation.marker)! }))
    .sort((a, b) => a.marker - b.marker);
  const text = content.replace(citationMarkerPattern(), (whole, marker: string) => {
    const next = renumbered.get(Number(marker));
    return next === undefined ? whole : `[${next}]`;
  });
  return { content: text, citations };
}
