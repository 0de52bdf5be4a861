import { inflateRawSync } from 'node:zlib';
import { Unzip, UnzipPassThrough } from 'fflate';
import { Parser } from 'htmlparser2';
import mammoth from 'mammoth';
import { ExtractionError, tidy, type Block, type ExtractedDocument } from './extracted-document.js';

const BLOCK_TAGS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

/**
 * Paragraph styles Word, LibreOffice and pandoc give code and preformatted text, by name and by
 * id: consecutive paragraphs of one become one `pre`, a line each.
 */
const CODE_STYLES = ['Code', 'Source Code', 'HTML Preformatted', 'Preformatted Text', 'Plain Text', 'Macro Text'];
const CODE_STYLE_MAP = CODE_STYLES.flatMap((name) => [
  `p[style-name^='${name}'] => pre:separator('\\n')`,
  `p.${name.replace(/ /g, '')} => pre:separator('\\n')`,
]);

/**
 * Blocks of the HTML mammoth makes from a DOCX: headings, paragraphs and list items; each table
 * is one block, row by row; preformatted text is a code block that keeps its lines.
 */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let text = '';
  let tag = '';
  let tableDepth = 0;
  let row: string[] = [];
  let rows: string[][] = [];
  let cell = '';
  const parser = new Parser(
    {
      onopentag(name) {
        // A line break inside a paragraph separates words; inside preformatted text it is a line of its own.
        if (name === 'br') {
          if (tableDepth > 0) cell += ' ';
          else if (tag) text += '\n';
          return;
        }
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
          else if (name === 'tr') rows.push(row);
          else if (name === 'table') {
            tableDepth -= 1;
            const kept = rows.filter((cells) => cells.some(Boolean));
            if (tableDepth === 0 && kept.length > 0)
              blocks.push({
                kind: 'table',
                text: kept.map((cells) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`).join('\n'),
                page: null,
                rows: kept,
              });
            if (tableDepth === 0) rows = [];
          }
          return;
        }
        if (name === tag && name === 'pre') {
          const code = text.replace(/\s+$/, '').replace(/^\n+/, '');
          if (code.trim()) blocks.push({ kind: 'code', text: code, page: null });
          tag = '';
        } else if (name === tag) {
          const clean = tidy(text.replace(/\n/g, ' '));
          if (clean && name.startsWith('h')) blocks.push({ kind: 'heading', text: clean, page: null, level: Number(name.slice(1)) });
          else if (clean) blocks.push({ kind: 'paragraph', text: clean, page: null });
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
 * What the parts of a Word document may unpack to in all. Mammoth already runs out of the reading
 * worker's heap on about 10 MB of dense paragraphs, so nothing readable is lost; a 1.5 MB zip bomb
 * that unpacks to 500 MB is refused at once instead of holding the worker until it runs out.
 */
export const DOCX_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/** Hands a part's deflated bytes over as they are, for zlib to inflate with a cap on its output. */
class DeflatedBytes extends UnzipPassThrough {
  static override compression = 8;
}

/**
 * True when the archive unpacks within the budget. Each part is inflated (with zlib, which stops
 * at the cap) and only counted, so a part that understates its size is caught too.
 */
function unpacksWithin(bytes: Uint8Array, budget: number): boolean {
  let remaining = budget;
  const unzip = new Unzip((file) => {
    if (remaining < 0) return;
    // An honest archive says what a part unpacks to: a bomb that admits it costs nothing to refuse.
    if (file.originalSize !== undefined && file.originalSize > remaining) {
      remaining = -1;
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error || remaining < 0) return;
      chunks.push(chunk);
      if (!final) return;
      const data = Buffer.concat(chunks);
      if (file.compression === 0) remaining -= data.length;
      else if (file.compression === 8) {
        try {
          remaining -= inflateRawSync(data, { maxOutputLength: remaining + 1 }).length;
        } catch (inflateError) {
          // Only the cap decides here; a damaged part is for mammoth to judge.
          if ((inflateError as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') remaining = -1;
        }
      }
    };
    file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(DeflatedBytes);
  try {
    unzip.push(bytes, true);
  } catch {
    // A damaged archive is for mammoth to judge too.
  }
  return remaining >= 0;
}

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (!unpacksWithin(bytes, DOCX_MAX_UNPACKED_BYTES)) {
    throw new ExtractionError('too_complex', 'The Word document unpacks to far more data than a document of its size holds, so it was not read.');
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { styleMap: CODE_STYLE_MAP })).value;
  } catch {
    throw new ExtractionError('corrupt', 'The file is not a readable Word document (it may be damaged or incomplete).');
  }
  const blocks = htmlBlocks(html);
  if (blocks.length === 0) throw new ExtractionError('empty', 'The document has no text.');
  return { pages: null, blocks, problem: null };
}
