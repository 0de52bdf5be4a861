import type { Passage } from '../prompt-format.js';

/** The passages retrieval found in one section of one document, read as one text. */
export interface PassageSection {
  title: string;
  heading?: string;
  /** The best place retrieval gave any of the section's passages. */
  marker: number;
  text: string;
  passages: Passage[];
}

/**
 * Groups the passages that come from the same section of the same document, in the document's
 * order (by page, then as retrieval ranked them), so an answer reads a long section whole instead
 * of stopping where indexing cut it: a glossary's entry is often in the passage after the one that
 * matched best. Passages without a heading stay on their own.
 */
export function passageSections(passages: readonly Passage[]): PassageSection[] {
  const groups = new Map<string, Passage[]>();
  for (const passage of passages) {
    const key = passage.heading ? `${passage.title}\u0000${passage.heading}` : `\u0001${passage.marker}`;
    groups.set(key, [...(groups.get(key) ?? []), passage]);
  }
  return [...groups.values()].map((group) => {
    const ordered = [...group].sort((a, b) => (a.page ?? 0) - (b.page ?? 0) || a.marker - b.marker);
    return {
      title: group[0]!.title,
      heading: group[0]!.heading,
      marker: Math.min(...group.map((passage) => passage.marker)),
      text: ordered.map((passage) => passage.text).join('\n'),
      passages: ordered,
    };
  });
}
