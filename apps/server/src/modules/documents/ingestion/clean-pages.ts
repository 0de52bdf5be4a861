/** A line of a page as pdf.js sets it: its text, font size (for headings) and baseline (for paragraph gaps). */
export interface PageLine {
  text: string;
  size: number;
  y: number;
  page: number;
}

/** The size most characters are set in: body text. Anything clearly larger is a heading. */
export function bodySize(lines: readonly PageLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const key = Math.round(line.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, chars] of weight) if (chars > bestWeight) [best, bestWeight] = [size, chars];
  return best;
}

/**
 * A reference to a page: a dotted leader then a number ("What is R? . . . . 3", "Installing....12"),
 * as tables of contents and indexes set them. The leader may be dots spaced or not.
 */
const LEADER_REFERENCE = /(?:\.\s?){4,}\s*[\divxlc]{1,6}\s*$/i;
/** An index entry: a term then page numbers ("colClasses, 34, 56" or "abline 12"). */
const INDEX_REFERENCE = /^\p{L}.{0,80}?[\s,]\s*\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\s*$/u;
/** Titles that open a table of contents or an index, in English and Spanish. */
const CONTENTS_TITLE =
  /^(table of contents|contents|index|concept index|function index|índice|indice|índice general|índice alfabético|tabla de contenidos?|contenido)\b/i;
/** A running header naming its chapter ("Chapter 2: R Basics 4", "Capítulo 3. Instalación"). */
const CHAPTER_HEADER = /^(chapter|cap[ií]tulo|section|secci[oó]n|appendix|ap[eé]ndice)\s+[\dIVXLC]+[:.]/i;

/** How many lines at the top and at the bottom of a page may be running headers or footers. */
const MARGIN_LINES = 2;
/** Running headers and footers are short: a title, a chapter, a page number. */
const MARGIN_MAX_CHARS = 80;
/** Past this share of a document's lines, "repeated margin lines" are its text (a form, a list), not headers. */
const MARGIN_MAX_SHARE = 0.25;

/** The words of a margin line without its numbers: the same on every page a running header is set. */
const marginKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\b[ivxlc]+\b/g, ' ')
    .replace(/[\d\s.,:;|–—-]+/g, ' ')
    .trim();

const isIndexEntry = (text: string): boolean => text.length <= 90 && INDEX_REFERENCE.test(text);

/** A footnote's number glued to its first word, as PDF text extraction gives it ("5No debes…", "… las fuentes. 12If you follow…"). */
const GLUED_FOOTNOTE_NUMBER = /(?:^|(?<=[.!?]["”»)]?\s))\d{1,2}(?=\p{Lu}\p{Ll})/gu;

/**
 * An accent TeX set as a glyph of its own before its letter ("m´as", "l´ınea" with a dotless i,
 * "se˜nal"), which NFKC turns into a space and a combining accent: "m ́as" is no word to search
 * for. Only a vowel (or an n or a vowel under a tilde) takes it back, as in Spanish, French or
 * Portuguese; an acute typed for an apostrophe ("it´s", "don´t") comes before a consonant and
 * stays the acute it was.
 */
const DETACHED_ACCENT = / ?(?:[\u0300\u0301\u0302\u0308][aeiouAEIOUı]|\u0303[naoNAO])/gu;
const reattach = (found: string): string => {
  const [mark, letter] = [...found.trimStart()];
  return `${letter === 'ı' ? 'i' : letter}${mark}`.normalize('NFC');
};

/**
 * Ligatures (ﬁ, ﬂ), full-width and other compatibility forms become plain letters (NFKC), TeX's
 * detached accents go back onto their letters, and TeX's circled c, which pdf.js reads as "c©",
 * becomes ©.
 */
export const repairText = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(DETACHED_ACCENT, reattach)
    .replace(/ \u0301/g, '´')
    .replace(/\bc\s?©/g, '©')
    .replace(GLUED_FOOTNOTE_NUMBER, '');

function byPage(lines: readonly PageLine[]): Map<number, PageLine[]> {
  const pages = new Map<number, PageLine[]>();
  for (const line of lines) {
    const list = pages.get(line.page);
    if (list) list.push(line);
    else pages.set(line.page, [line]);
  }
  return pages;
}

/**
 * A page that is a table of contents or an index: most of its lines point at pages. A term
 * followed by a number is also how tables and price lists look, so such lines count only on a
 * page titled as an index or in the last pages, where indexes are.
 */
function isContentsPage(lines: readonly PageLine[], nearTheEnd: boolean): boolean {
  const titled = lines.slice(0, 3).some((line) => CONTENTS_TITLE.test(line.text));
  const references = lines.filter((line) => LEADER_REFERENCE.test(line.text) || ((titled || nearTheEnd) && isIndexEntry(line.text))).length;
  return references >= 3 && references >= lines.length * (titled ? 0.3 : 0.5);
}

/** Margin lines repeated on several pages (running headers and footers) and bare page numbers. */
function marginLines(pages: ReadonlyMap<number, readonly PageLine[]>, body: number): Set<PageLine> {
  // Headings are set larger than the text; running headers are not, and they are short.
  const candidate = (line: PageLine) => line.text.length <= MARGIN_MAX_CHARS && (body === 0 || line.size < body * 1.15);
  const margins = [...pages.values()].map((lines) => [...lines.slice(0, MARGIN_LINES), ...lines.slice(-MARGIN_LINES)].filter(candidate));
  const seen = new Map<string, Set<number>>();
  for (const lines of margins) {
    for (const line of lines) {
      const key = marginKey(line.text);
      if (!key || key.length > 120) continue;
      const on = seen.get(key) ?? new Set<number>();
      on.add(line.page);
      seen.set(key, on);
    }
  }
  // On a short document a header repeats on fewer pages.
  const repeated = Math.min(3, Math.max(2, Math.ceil(pages.size / 4)));
  const dropped = new Set<PageLine>();
  for (const lines of margins) {
    for (const line of lines) {
      const key = marginKey(line.text);
      // A line of symbols alone ("}", "*/") closes a listing on many pages; a header says something.
      if (key !== '' && !/\p{L}/u.test(key)) continue;
      if (key === '' || (seen.get(key)?.size ?? 0) >= repeated || CHAPTER_HEADER.test(line.text)) dropped.add(line);
    }
  }
  return dropped;
}

export interface CleanedLines<T extends PageLine = PageLine> {
  lines: T[];
  /** Pages left out as a table of contents or an index (the documents panel shows how many). */
  contentsPages: number[];
}

/**
 * What a person reading the document would skip is left out of what the Spark knows: tables of
 * contents and indexes (whole pages, and stray dotted-leader lines elsewhere), running headers and
 * footers repeated across pages, and page numbers. Otherwise they are retrieved for the questions
 * they list and quoted with their dotted leaders. Text is repaired of ligatures and TeX debris.
 */
export function cleanLines<T extends PageLine>(lines: readonly T[]): CleanedLines<T> {
  const repaired = lines.map((line) => ({ ...line, text: repairText(line.text) }));
  const pages = byPage(repaired);
  const last = Math.max(0, ...pages.keys());
  const contentsPages = [...pages].filter(([page, pageLines]) => isContentsPage(pageLines, page > last * 0.85)).map(([page]) => page);
  const skipped = new Set(contentsPages);
  const text = repaired.filter((line) => !skipped.has(line.page));
  let margins = pages.size > 1 ? marginLines(pages, bodySize(text)) : new Set<PageLine>();
  if (margins.size > text.length * MARGIN_MAX_SHARE) margins = new Set();
  const kept = text.filter((line) => !margins.has(line) && !LEADER_REFERENCE.test(line.text));
  return { lines: kept, contentsPages };
}
