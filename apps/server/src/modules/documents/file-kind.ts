import type { DocumentKind, FoundFileContent } from '@sparks/contract';
import { fileTypeFromBuffer } from 'file-type/core';

/** Bytes read before deciding what a file is: the sample file-type needs to tell the formats it knows. */
export const SNIFF_BYTES = 4100;

/** What the first bytes say before the whole file is seen: a container (ZIP, OLE) is checked again once stored. */
export type SniffedKind = DocumentKind | 'zip' | 'ole';

export interface SniffedFile {
  kind: SniffedKind;
  /** What the bytes hold in the owner's terms; unknown for a container until it is opened. */
  content: FoundFileContent | undefined;
}

/** Markup that a browser would run or render; never accepted as "text", whatever the file is called. */
const MARKUP_START = /^\s*<(?:!doctype|html|head|body|svg|\?xml|script|iframe|object|embed|math|!--)/i;
const PDF_SIGNATURE = '%PDF-';

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

/** PDF readers accept the signature after a byte-order mark or blank space within the first kilobyte; file-type wants it first. */
function startsLikePdf(head: Buffer): boolean {
  const at = head.subarray(0, 1024).indexOf(PDF_SIGNATURE);
  return at >= 0 && /^[\s\uFEFF\u00BB\u00BF\u00EF]*$/.test(head.subarray(0, at).toString('latin1'));
}

const markdownName = (name: string): boolean => /\.(md|markdown|mdown)$/i.test(name);
const jsonName = (name: string): boolean => /\.json$/i.test(name);

/**
 * What a file is, decided by its first bytes: PDF, PNG, JPEG, DOCX and OLE by their signatures
 * as file-type reads them (a DOCX's and an OLE file's parts are checked once stored), text by
 * content. Text comes after the binary signatures and before file-type's other guesses, since a
 * text may start with letters another format uses as its mark ("MZ", "BM"). The name only tells
 * Markdown and JSON from plain text. Anything else answers null.
 */
export async function sniffKind(head: Buffer, name: string, complete: boolean): Promise<SniffedFile | null> {
  const type = await fileTypeFromBuffer(head);
  if (type?.ext === 'pdf' || startsLikePdf(head)) return { kind: 'pdf', content: 'pdf' };
  if (type?.ext === 'png') return { kind: 'image', content: 'png' };
  if (type?.ext === 'jpg') return { kind: 'image', content: 'jpeg' };
  if (type?.ext === 'docx') return { kind: 'zip', content: 'docx' };
  // A ZIP whose first entries do not say what it is may still be a Word document.
  if (type?.ext === 'zip') return { kind: 'zip', content: undefined };
  if (type?.ext === 'cfb') return { kind: 'ole', content: undefined };
  if (!looksLikeText(head, complete)) return null;
  if (MARKUP_START.test(head.toString('utf8').replace(/^\uFEFF/, ''))) return null;
  if (jsonName(name)) return { kind: 'json', content: 'text' };
  return { kind: markdownName(name) ? 'markdown' : 'text', content: 'text' };
}
