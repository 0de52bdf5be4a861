import type { Language } from '@sparks/contract';
import type { Passage } from '../prompt-format.js';
import type { OFFLINE_TEXTS } from './offline-texts.js';
import { isCode, sentencesOf } from './passage-sentences.js';
import { quotedText } from './quoted-text.js';
import { cited, excerptOf, quotable } from './passage-excerpt.js';

const MAX_OUTLINE_POINTS = 12;

/**
 * "Summarise the document", "what is in it": the outline of its sections, each with its opening
 * sentence. A document with no headings (a plain text) is outlined by the opening sentences of
 * passages spread over it; the welcome message is no part of the documents.
 */
export function documentOutline(passages: readonly Passage[], texts: (typeof OFFLINE_TEXTS)[Language]): string {
  const sections = passages.filter((passage) => passage.heading || passage.document !== undefined);
  const documents = [...new Set(sections.map((passage) => passage.title))];
  const said = new Set<string>();
  const points = sections.slice(0, MAX_OUTLINE_POINTS).flatMap((passage) => {
    const opening = sentencesOf(quotedText(passage.text)).find((unit) => quotable(unit) && !isCode(unit)) ?? '';
    // Without a heading a point is its sentence alone, and a sentence the text repeats says nothing new.
    if (!passage.heading) return opening && !said.has(opening) && said.add(opening) ? [`- ${opening} [${passage.marker}]`] : [];
    return [`- **${passage.heading}**${opening ? `: ${opening}` : ''} [${passage.marker}]`];
  });
  if (points.length === 0)
    return [texts.summaryIntro, ...passages.slice(0, 3).map((passage) => cited(excerptOf('', passage.text), `[${passage.marker}]`))].join('\n\n');
  return [texts.outlineIntro(documents.join(', ')), ...points].join('\n');
}
