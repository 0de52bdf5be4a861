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

/** Indexing opens each passage with the last sentences of the one before (up to ~400 characters): never more than this is repeated. */
const MAX_OVERLAP_CHARS = 800;

const spaced = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The text of `next` that `previous` does not already end with. Passages cut from one section
 * repeat the previous passage's closing sentences at their start, so that a passage read alone
 * keeps its context; read together, those sentences would be quoted twice.
 */
export function withoutOverlap(previous: string, next: string): string {
  const end = spaced(previous.slice(-MAX_OVERLAP_CHARS * 2));
  for (let cut = Math.min(next.length, MAX_OVERLAP_CHARS); cut > 0; cut -= 1) {
    if (cut < next.length && !/\s/.test(next[cut]!)) continue;
    const head = spaced(next.slice(0, cut));
    if (head.length > 0 && end.endsWith(head) && (end.length === head.length || end[end.length - head.length - 1] === ' ')) {
      return next.slice(cut).trimStart();
    }
  }
  return next;
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
    // One document's section: two documents may share a name and a heading (two owner answers to one question).
    const document = passage.document === undefined ? `title ${passage.title}` : `document ${passage.document}`;
    const key = passage.heading ? `${document}\u0000${passage.heading}` : `\u0001${passage.marker}`;
    groups.set(key, [...(groups.get(key) ?? []), passage]);
  }
  return [...groups.values()].map((group) => {
    const ordered = [...group].sort((a, b) => (a.page ?? 0) - (b.page ?? 0) || a.marker - b.marker);
    const text = ordered.reduce((joined, passage, index) => (index === 0 ? passage.text : `${joined}\n${withoutOverlap(joined, passage.text)}`), '');
    return {
      title: group[0]!.title,
      heading: group[0]!.heading,
      marker: Math.min(...group.map((passage) => passage.marker)),
      text,
      passages: ordered,
    };
  });
}
