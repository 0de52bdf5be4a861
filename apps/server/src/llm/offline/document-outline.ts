import type { Language } from '@sparks/contract';
import type { Passage } from '../prompt-format.js';
import type { OFFLINE_TEXTS } from './offline-texts.js';
import { isCode, sentencesOf } from './passage-sentences.js';
import { quotedText } from './quoted-text.js';
import { cited, excerptOf, quotable } from './passage-excerpt.js';

const MAX_OUTLINE_POINTS = 12;

/** The source a passage was read from: its website (a site's pages together are one), or its document. */
const sourceOf = (passage: Passage): string => (passage.url ? new URL(passage.url).host : passage.title);

/**
 * "Summarise the document", "what is in it": the outline of its sections in the order they are
 * read, each with its opening sentence. A document with no headings (a plain text) is outlined by
 * the opening sentences of passages spread over it; the welcome message is no part of the
 * documents. Several sources (a price list, a catalogue, a website) are each named above their own
 * sections, so a visitor sees what comes from where.
 */
export function documentOutline(passages: readonly Passage[], texts: (typeof OFFLINE_TEXTS)[Language]): string {
  const sections = passages.filter((passage) => passage.heading || passage.document !== undefined).slice(0, MAX_OUTLINE_POINTS);
  const said = new Set<string>();
  const pointOf = (passage: Passage): string[] => {
    // A table row or a record opens with its cells, not a sentence about the section: its heading says it.
    const opening = passage.kind ? '' : (sentencesOf(quotedText(passage.text)).find((unit) => quotable(unit) && !isCode(unit)) ?? '');
    // Without a heading a point is its sentence alone, and a sentence the text repeats says nothing new.
    if (!passage.heading) return opening && !said.has(opening) && said.add(opening) ? [`- ${opening} [${passage.marker}]`] : [];
    return [`- **${passage.heading}**${opening ? `: ${opening}` : ''} [${passage.marker}]`];
  };
  const sources = [...new Set(sections.map(sourceOf))];
  if (sources.length > 1) {
    // A blank line before each source's name: without it the name would read as part of the list item above.
    const groups = sources.flatMap((source) => {
      const own = sections.filter((passage) => sourceOf(passage) === source).flatMap(pointOf);
      return own.length > 0 ? [[`**${source}**`, ...own].join('\n')] : [];
    });
    if (groups.length > 0) return [texts.summaryIntro, ...groups].join('\n\n');
  }
  const points = sections.flatMap(pointOf);
  if (points.length === 0)
    return [texts.summaryIntro, ...passages.slice(0, 3).map((passage) => cited(excerptOf('', passage.text), `[${passage.marker}]`))].join('\n\n');
  return [texts.outlineIntro(sources[0] ?? ''), ...points].join('\n');
}
