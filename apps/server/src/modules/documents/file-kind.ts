import type { DocumentKind } from '@sparks/contract';

/** Bytes read before deciding what a file is. */
export const SNIFF_BYTES = 4096;

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
/** An OLE compound file: Word 97–2003 documents, but also old Excel and PowerPoint files, told apart once stored. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the first bytes say before the whole file is seen: a container is checked again once stored. */
export type SniffedKind = DocumentKind | 'zip' | 'ole';
/** Markup that a browser would run or render; never accepted as "text", whatever the file is called. */
const MARKUP_START = /^\s*<(?:!doctype|html|head|body|svg|\?xml|script|iframe|object|embed|math|!--)/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when the bytes read as text: UTF-8 (a character cut at the sniffing boundary is allowed), no NULs, few control characters. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return true;
  if (head.includes(0)) return false;
  let text: string;
  try {
    text = utf8.decode(complete ? head : trimPartialCharacter(head));
  } catch {
    text = new TextDecoder('windows-1252').decode(head);
  }
  let control = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 && char !== '\n' && char !== '\r' && char !== '\t' && char !== '\f') control += 1;
  }
  return control <= text.length / 100;
}

function trimPartialCharacter(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Step back over continuation bytes (10xxxxxx) to the lead byte of a possibly cut character.
  for (let back = 0; back < 3 && end > 0 && (bytes[end - 1]! & 0xc0) === 0x80; back += 1) end -= 1;
  if (end > 0 && bytes[end - 1]! >= 0xc0) end -= 1;
  return end === bytes.length ? bytes : bytes.subarray(0, end);
}

const markdownName = (name: string): boolean => /\.(md|markdown|mdown)$/i.test(name);
const jsonName = (name: string): boolean => /\.json$/i.test(name);

/**
 * What a file is, decided by its first bytes and never by its claimed type: PDF, PNG and JPEG by
 * their signatures, DOCX and DOC by their containers' (their parts are checked once stored), text
 * by content. The name only tells Markdown and JSON from plain text (JSON is read as data, and a
 * file named .json that is not JSON fails as damaged). Anything else answers null.
 */
export function sniffKind(head: Buffer, name: string, complete: boolean): SniffedKind | null {
  // PDF readers accept the signature anywhere in the first kilobyte; so do we, after a BOM or whitespace only.
  const pdfAt = head.subarray(0, 1024).indexOf(PDF_MAGIC);
  if (pdfAt >= 0 && /^[\s\uFEFF\u00BB\u00BF\u00EF]*$/.test(head.subarray(0, pdfAt).toString('latin1'))) return 'pdf';
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (head.subarray(0, 8).equals(PNG_MAGIC) || head.subarray(0, 3).equals(JPEG_MAGIC)) return 'image';
  if (head.subarray(0, 8).equals(OLE_MAGIC)) return 'ole';
  if (!looksLikeText(head, complete)) return null;
  const start = head.toString('utf8').replace(/^\uFEFF/, '');
  if (MARKUP_START.test(start)) return null;
  if (jsonName(name)) return 'json';
  return markdownName(name) ? 'markdown' : 'text';
}
