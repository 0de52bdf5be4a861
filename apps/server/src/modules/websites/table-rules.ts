import { markdownTable } from 'markdown-table';
import type Turndown from 'turndown';

/**
 * Marks around a cell and a row while turndown converts a table bottom-up: the table's rule
 * splits its content by them and lays the cells out as one GitHub-flavoured Markdown table.
 * Private-use characters, removed from a page before it is read, so no page text can forge them.
 * A caption travels as a row of its own, marked.
 */
export const CELL_MARK = '\uE000';
export const ROW_MARK = '\uE001';
export const CAPTION_MARK = '\uE002';

/** The few DOM calls made on turndown's own nodes, typed the same whether or not the compilation knows the browser's DOM. */
interface TableNode {
  nodeName: string;
  parentNode: TableNode | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
}

/** A table laid out with cells that hold headings, lists or tables of their own is a page's layout, not data. */
const LAYOUT_INSIDE = 'table, h1, h2, h3, h4, h5, h6, ul, ol, pre, blockquote';

function tableOf(node: TableNode): TableNode | null {
  for (let at = node.parentNode; at; at = at.parentNode) if (at.nodeName === 'TABLE') return at;
  return null;
}

const layouts = new WeakMap<TableNode, boolean>();
function isLayout(table: TableNode | null): boolean {
  if (!table) return true;
  let known = layouts.get(table);
  if (known === undefined) {
    known = Boolean(table.querySelector(LAYOUT_INSIDE));
    layouts.set(table, known);
  }
  return known;
}

/** A cell's content on one line, its pipes escaped so they cannot end the cell. */
const cellText = (content: string) => content.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

/**
 * Tables as GitHub-flavoured Markdown, every table: the first row is the header when the page
 * marks none, and spanned cells repeat their place, so a row keeps its columns. (The GFM plugin of
 * turndown kept a table without a heading row as raw HTML, which then reached answers.) A table
 * used for a page's layout is read as the blocks it holds.
 */
export function tableRules(turndown: Turndown): void {
  turndown.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = node as unknown as TableNode;
      if (isLayout(tableOf(cell))) return `\n\n${content}\n\n`;
      const span = Math.min(20, Math.max(1, Number(cell.getAttribute('colspan')) || 1));
      return `${CELL_MARK}${cellText(content)}`.repeat(span);
    },
  });
  turndown.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => (isLayout(tableOf(node as unknown as TableNode)) ? content : `${ROW_MARK}${content}`),
  });
  turndown.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  turndown.addRule('tableCaption', { filter: 'caption', replacement: (content) => `${ROW_MARK}${CAPTION_MARK}${cellText(content)}` });
  turndown.addRule('table', {
    filter: 'table',
    replacement: (content, node) => {
      if (isLayout(node as unknown as TableNode)) return `\n\n${content}\n\n`;
      let caption = '';
      const rows = content.split(ROW_MARK).flatMap((row) => {
        if (row.startsWith(CAPTION_MARK)) caption = row.slice(1);
        return row.includes(CELL_MARK) && !row.startsWith(CAPTION_MARK) ? [row.split(CELL_MARK).slice(1)] : [];
      });
      if (rows.length === 0) return caption ? `\n\n${caption}\n\n` : '';
      const width = Math.max(...rows.map((row) => row.length));
      const table = markdownTable(
        rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]),
        { alignDelimiters: false },
      );
      return `\n\n${caption ? `${caption}\n\n` : ''}${table}\n\n`;
    },
  });
}
