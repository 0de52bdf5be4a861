/** Longer than any address a document breaks over lines. */
const TAIL_CHARS = 400;
/** The web or FTP address a line ends with, if it ends with one. */
const TRAILING_ADDRESS = /(?:\b(?:https?|ftp):\/\/|\bwww\.)\S*$/i;
/** What an address may go on with at the start of the next line: no space, nothing a sentence opens with. */
const ADDRESS_HEAD = /^[\w~%/?#=&+.:@-]+/;
/** Characters an address is never left ending with in a sentence: it must go on. */
const OPEN_ENDED = /(?::\/\/|[-_=&#~%+@])$/;
/** An address part: a host or path piece holding a separator of its own ("community.example/faq", "r-devel/"). */
const ADDRESS_PART = /[/.?=#&_~%-]/;

/**
 * Whether `next` goes on with the address `text` ends with, which a line end cut. Typesetters
 * break addresses after a separator and never hyphenate them, so the pieces join without a space
 * and a hyphen at the break belongs to the address. An address that could end where the line
 * does (after "/", "." or "?") goes on only with something that looks like more of an address, so a
 * sentence that follows one is left alone.
 */
function continuesAddress(text: string, next: string): boolean {
  const address = TRAILING_ADDRESS.exec(text)?.[0];
  const head = ADDRESS_HEAD.exec(next)?.[0];
  if (!address || !head) return false;
  if (OPEN_ENDED.test(address)) return true;
  if (!/[/.?]$/.test(address)) return false;
  return ADDRESS_PART.test(head.replace(/[.,;:!?]+$/, ''));
}

/**
 * Lines of one paragraph as one text: an address broken by the line end is mended, and, where
 * `hyphenated` (typeset text such as a PDF's), so is a word hyphenated across the break.
 */
export function joinLines(lines: readonly string[], { hyphenated = true }: { hyphenated?: boolean } = {}): string {
  const pieces: string[] = [];
  // Only the end of the text so far decides how the next line joins: a paragraph may be megabytes long.
  let tail = '';
  for (const line of lines) {
    let piece = ` ${line}`;
    if (pieces.length === 0 || continuesAddress(tail, line)) piece = line;
    else if (hyphenated && tail.endsWith('-') && /^\p{Ll}/u.test(line)) {
      pieces[pieces.length - 1] = pieces.at(-1)!.slice(0, -1);
      tail = tail.slice(0, -1);
      piece = line;
    }
    pieces.push(piece);
    tail = `${tail}${piece}`.slice(-TAIL_CHARS);
  }
  return pieces.join('');
}
