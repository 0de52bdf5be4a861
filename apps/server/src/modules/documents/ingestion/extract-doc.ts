import CFB from 'cfb';
import WordExtractor from 'word-extractor';
import { ExtractionError, looksLikeTitle, tidy, type Block, type ExtractedDocument } from './extracted-document.js';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Word marks a password-protected file in its FIB ("fEncrypted", bit 8 of the flags at byte 10 of the main stream). */
function isEncrypted(bytes: Uint8Array): boolean {
  try {
    const main = CFB.find(CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' }), 'WordDocument');
    const content = main?.content ? Buffer.from(main.content as Uint8Array) : null;
    return content !== null && content.length > 12 && (content.readUInt16LE(0x0a) & 0x0100) !== 0;
  } catch {
    return false;
  }
}

/**
 * A legacy Word document (Word 97–2003, an OLE compound file) through word-extractor: the body's
 * paragraphs, then footnotes and endnotes. Word's .doc keeps no heading marks word-extractor can
 * see, so lines that read as titles are taken as headings.
 */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (isEncrypted(bytes)) throw new ExtractionError('encrypted', 'The Word document is protected with a password.');
  let document: Awaited<ReturnType<WordExtractor['extract']>>;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    const reason = errorText(error);
    if (/encrypt|password/i.test(reason)) throw new ExtractionError('encrypted', 'The Word document is protected with a password.');
    throw new ExtractionError('corrupt', 'The file is not a readable Word 97–2003 document (it may be damaged, or another kind of file).');
  }
  const text = [document.getBody(), document.getFootnotes(), document.getEndnotes()].filter(Boolean).join('\n\n');
  const blocks: Block[] = text
    .split(/\r?\n/)
    .map((line) => tidy(line))
    .filter((line) => /\p{L}/u.test(line))
    .map((line) => ({ kind: looksLikeTitle(line) ? ('heading' as const) : ('paragraph' as const), text: line, page: null }));
  if (blocks.length === 0) throw new ExtractionError('no_text', 'The Word document has no text.');
  return { pages: null, blocks, problem: null };
}
