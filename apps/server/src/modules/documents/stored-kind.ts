import type { DeclaredFileType, DocumentKind } from '@sparks/contract';
import CFB from 'cfb';
import JSZip from 'jszip';
import { fileTypeMismatch, fits } from './declared-type.js';
import type { SniffedFile } from './file-kind.js';
import { wrongFormat } from './upload-sniffer.js';

/** An OLE compound file is accepted only when it is a Word 97–2003 document: it has Word's main stream. */
function isWordDocument(bytes: Buffer): boolean {
  try {
    return CFB.find(CFB.read(bytes, { type: 'buffer' }), 'WordDocument') !== null;
  } catch {
    return false;
  }
}

/** A ZIP is accepted only when it is a Word document: its main part is where DOCX puts it. */
async function isDocx(bytes: Buffer): Promise<boolean> {
  try {
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
    return zip.file('word/document.xml') !== null && zip.file('[Content_Types].xml') !== null;
  } catch {
    return false;
  }
}

/**
 * The kind of a file once stored: a container (ZIP, OLE) is opened to see whether it is a Word
 * document, and what it turns out to be is checked against what its name says, as the first bytes
 * of any other file were. Throws the refusal; the caller removes the file.
 */
export async function storedKind(
  read: () => Promise<Buffer>,
  sniffed: SniffedFile | null,
  fileName: string,
  declared: DeclaredFileType | undefined,
): Promise<DocumentKind> {
  let kind = sniffed?.kind ?? null;
  if (kind === 'zip') kind = (await isDocx(await read())) ? 'docx' : null;
  if (kind === 'ole') kind = isWordDocument(await read()) ? 'doc' : null;
  if (!kind) throw wrongFormat();
  if (declared && (kind === 'docx' || kind === 'doc') && !fits(declared, kind)) throw fileTypeMismatch(fileName, declared, kind);
  return kind;
}
