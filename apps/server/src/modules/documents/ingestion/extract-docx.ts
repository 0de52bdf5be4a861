import { Unzip, UnzipInflate } from 'fflate';
import { Parser } from 'htmlparser2';
import mammoth from 'mammoth';
import { ExtractionError, tidy, type Block, type ExtractedDocument } from './extracted-document.js';

const BLOCK_TAGS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Blocks of the HTML mammoth makes from a DOCX: headings, paragraphs and list items; each table is one block, row by row. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let text = '';
  let tag = '';
  let tableDepth = 0;
  let row: string[] = [];
  let rows: string[] = [];
  let cell = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'table') tableDepth += 1;
        if (tableDepth > 0) {
          if (name === 'tr') row = [];
          if (name === 'td' || name === 'th') cell = '';
          return;
        }
        if (BLOCK_TAGS.has(name)) {
          text = '';
          tag = name;
        }
      },
      ontext(chunk) {
        if (tableDepth > 0) cell += chunk;
        else if (tag) text += chunk;
      },
      onclosetag(name) {
        if (tableDepth > 0) {
          if (name === 'td' || name === 'th') row.push(tidy(cell));
          else if (name === 'tr') rows.push(`| ${row.join(' | ')} |`);
          else if (name === 'table') {
            tableDepth -= 1;
            if (tableDepth === 0 && rows.length > 0) blocks.push({ kind: 'table', text: rows.join('\n'), page: null });
            if (tableDepth === 0) rows = [];
          }
          return;
        }
        if (name === tag) {
          const clean = tidy(text);
          if (clean) blocks.push({ kind: name.startsWith('h') ? 'heading' : 'paragraph', text: clean, page: null });
          tag = '';
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
}

/**
 * What the parts of a Word document may unpack to in all: many times a long real document, far
 * below what exhausts the reader's heap. A 300 KB zip bomb unpacks to hundreds of MB and held
 * the reading worker for half a minute before running out of memory.
 */
export const DOCX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const SLICE = 16 * 1024;

/** True when the archive unpacks within the budget; parts are inflated and counted, never kept, so a part that understates its size is caught too. */
function unpacksWithin(bytes: Uint8Array, budget: number): boolean {
  let total = 0;
  const unzip = new Unzip((file) => {
    if (total > budget) return;
    // An honest archive says what a part unpacks to: a bomb that admits it costs nothing to refuse.
    if ((file.originalSize ?? 0) > budget) {
      total = file.originalSize!;
      return;
    }
    file.ondata = (error, chunk) => {
      if (error) return;
      total += chunk.length;
      if (total > budget) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Small slices of input bound what one step can inflate (deflate expands at most ~1,000 times).
    for (let offset = 0; offset < bytes.length && total <= budget; offset += SLICE) unzip.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
  } catch {
    // A damaged archive is for mammoth to judge; only size is decided here.
  }
  return total <= budget;
}

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (!unpacksWithin(bytes, DOCX_MAX_UNPACKED_BYTES)) {
    throw new ExtractionError('too_complex', 'The Word document unpacks to far more data than a document of its size holds, so it was not read.');
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ExtractionError('corrupt', 'The file is not a readable Word document (it may be damaged or incomplete).');
  }
  const blocks = htmlBlocks(html);
  if (blocks.length === 0) throw new ExtractionError('empty', 'The document has no text.');
  return { pages: null, blocks, problem: null };
}
