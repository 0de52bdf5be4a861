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

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
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
