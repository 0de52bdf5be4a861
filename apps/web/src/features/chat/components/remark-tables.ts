import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

interface TableData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/**
 * GitHub-flavoured Markdown's tables, and nothing else of GFM (no autolinked addresses, no
 * footnotes): an answer quotes a table's rows with their headers, and they read as a table.
 */
export function remarkTables(this: { data(): unknown }) {
  const data = this.data() as TableData;
  (data.micromarkExtensions ??= []).push(gfmTable());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
}
