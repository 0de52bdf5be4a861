import { fencedBlocks } from './fenced-blocks.js';

/**
 * What a quote leaves out of a passage's prose: pointers to other parts of the document, which a
 * reader of the answer cannot follow ("(see Section 3.1 [What is S?], page 12)", "(véase la
 * sección 2.3, página 14)", "See Section 4.2."), and the space a line end left inside an address
 * ("http:// community.example"). The stored passage keeps them; only the quote is tidied. They are
 * told by their structure, a word that names a part of a document followed by its number, never
 * by what the document is about.
 */

/** Words in either case, as a pattern: the numbers beside them keep their case ("Appendix A", never "a"). */
const anyCase = (pattern: string): string =>
  pattern.replace(/\\.|\p{L}/gu, (letter) =>
    letter.startsWith('\\') || letter.toLowerCase() === letter.toUpperCase() ? letter : `[${letter.toLowerCase()}${letter.toUpperCase()}]`,
  );

/** A part of a document, in English or Spanish, as a cross-reference names it. */
const PART = anyCase(
  String.raw`(?:sections?|chapters?|appendix|appendices|parts?|pages?|pp?\.|§§?|secci(?:ó|o)n(?:es)?|cap(?:í|i)tulos?|ap(?:é|e)ndices?|apartados?|anexos?|p(?:á|a)ginas?|p(?:á|a)gs?\.)`,
);
/** Its number: "3", "3.1.2", "IV", "A", "A.2", or a range of them. */
const NUMBER = String.raw`(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z](?:\.\d+)*)(?:\s*[-–]\s*\d+(?:\.\d+)*)?\b`;
/** The title a reference may give in brackets or quotes: "[What is S?]", "“Installing”", "«Instalación»". */
const TITLE = String.raw`(?:\s*(?:\[[^\]\n]{1,120}\]|“[^”\n]{1,120}”|«[^»\n]{1,120}»|"[^"\n]{1,120}"))?`;
/** The page a reference adds after its title: ", page 12", ", en la página 14", " on p. 3". */
const ON_PAGE = anyCase(String.raw`(?:,?\s*(?:on\s+|en\s+(?:la\s+)?)?(?:page|p(?:á|a)gina|p\.|p(?:á|a)g\.)\s*\d+)?`);
const ONE_REFERENCE = String.raw`(?:(?:the|la|el|los|las)\s+)?${PART}\s*${NUMBER}${TITLE}${ON_PAGE}`;
const REFERENCES = String.raw`${ONE_REFERENCE}(?:\s*(?:,|;|and|or|y|o|e)\s*${ONE_REFERENCE})*`;
/** What sends the reader elsewhere: "see", "see also", "cf.", "refer to", "véase", "consulte", "ver". */
const LEAD = anyCase(String.raw`(?:see(?:\s+also)?|cf\.?|refer\s+to|v(?:é|e)ase(?:\s+tambi(?:é|e)n)?|vea|ver|consulte|consultar)`);
/** What a reference may say it is for: "for details", "para más información". */
const PURPOSE = anyCase(String.raw`(?:\s+(?:for\s+(?:more\s+)?(?:details|information)|para\s+(?:m(?:á|a)s\s+)?(?:detalles|informaci(?:ó|o)n)))?`);

/** A parenthesis that only points elsewhere: "(see Section 3.1 [What is S?], page 12)", "(página 14)". */
const IN_PARENTHESES = new RegExp(String.raw`\s*\(\s*(?:${LEAD}\s+)?${REFERENCES}${PURPOSE}\s*\.?\s*\)`, 'gu');
/** A sentence that only points elsewhere: "See Section 4.2.", "Véase el capítulo 3 para más detalles." */
const POINTER_SENTENCE = new RegExp(String.raw`(?<=^|[.!?:]\s+)${LEAD}\s+${REFERENCES}(?:[^.!?\n]|\.(?=\d))*(?:[.!?]|$)\s*`, 'gu');
/** A pointer added at the end of a clause: "…, see Section 4.2 [Models], page 30." */
const TRAILING_POINTER = new RegExp(String.raw`\s*[,;]\s*${LEAD}\s+${REFERENCES}${PURPOSE}(?=\s*[.;,!?]|\s*$)`, 'gu');

/** An address a line end split after its scheme: "http:// community.example" → "http://community.example". */
const SPLIT_SCHEME = /\b((?:https?|ftp):\/\/)\s+(?=[\w~])/gi;

function tidyProse(text: string): string {
  return text.replace(SPLIT_SCHEME, '$1').replace(IN_PARENTHESES, '').replace(TRAILING_POINTER, '').replace(POINTER_SENTENCE, '').trim();
}

/** A passage's text as a quote gives it: prose without cross-references and with whole addresses; code blocks untouched. */
export function quotedText(text: string): string {
  return fencedBlocks(text)
    .map((block) => (block.code ? block.text : block.text.split('\n').map(tidyProse).filter(Boolean).join('\n')))
    .filter(Boolean)
    .join('\n');
}
