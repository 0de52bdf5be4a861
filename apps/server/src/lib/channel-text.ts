import type { Language, WidgetMessage } from '@sparks/contract';
import { isPipeTableLine, pipeTableRows } from '@sparks/contract/pipe-table-rows';

const SOURCES: Record<Language, string> = { en: 'Sources', es: 'Fuentes' };
const PAGE: Record<Language, string> = { en: 'p.', es: 'pág.' };

/** How a platform without the widget's Markdown shows an answer: its longest message and its own marks for bold and a table row's first cell. */
export interface PlatformText {
  maxChars: number;
  /** A platform that counts its limit in bytes of UTF-8 (Instagram). */
  maxBytes?: number;
  /** The Spark's Markdown (tables already as lines) in the platform's marks. */
  marks(markdown: string): string;
  /** A table row's first cell, set apart as the platform can ("*Sunday*"). */
  rowName(cell: string): string;
}

/**
 * A quoted table as a platform without tables can show it: a line for each row, its first cell set
 * apart and each other cell after its column's header ("*Sunday* · Hours: 8:30 – 13:00").
 */
export function tablesAsLines(markdown: string, rowName: (cell: string) => string): string {
  const out: string[] = [];
  let table: string[] = [];
  const flush = () => {
    const [header = [], ...rows] = pipeTableRows(table);
    for (const row of rows)
      out.push(
        row
          .map((cell, index) => (!cell ? '' : index === 0 ? rowName(cell) : header[index] ? `${header[index]}: ${cell}` : cell))
          .filter(Boolean)
          .join(' · '),
      );
    table = [];
  };
  for (const line of markdown.split('\n')) {
    if (isPipeTableLine(line)) table.push(line);
    else {
      if (table.length > 0) flush();
      out.push(line);
    }
  }
  if (table.length > 0) flush();
  return out.join('\n');
}

/** The longest start of `text` within `max` characters and, when given, `maxBytes` bytes of UTF-8. */
function fitting(text: string, max: number, maxBytes: number | undefined): number {
  let limit = Math.min(max, text.length);
  if (maxBytes === undefined) return limit;
  // Each round scales the cut by how far over the bytes are: a few rounds whatever the script.
  for (let bytes = Buffer.byteLength(text.slice(0, limit)); bytes > maxBytes; bytes = Buffer.byteLength(text.slice(0, limit)))
    limit = Math.max(1, Math.min(limit - 1, Math.floor((limit * maxBytes) / bytes)));
  return limit;
}

/** Cuts a text into parts a platform accepts: between paragraphs where it can, else between lines or words. */
export function splitText(text: string, max: number, maxBytes?: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  for (let limit = fitting(rest, max, maxBytes); limit < rest.length; limit = fitting(rest, max, maxBytes)) {
    const window = rest.slice(0, limit);
    const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find((at) => at > limit / 2) ?? limit;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** An answer as a channel's messages: its text in the platform's marks, then its sources numbered as the answer cites them, with page or link, split within the platform's limit. */
export function channelText(reply: WidgetMessage, language: Language, platform: PlatformText): string[] {
  const sources = (reply.citations ?? []).map(
    (citation) =>
      `[${citation.marker}] ${citation.title}${citation.page ? `, ${PAGE[language]} ${citation.page}` : ''}${citation.url ? ` ${citation.url}` : ''}`,
  );
  const text = platform.marks(tablesAsLines(reply.content, platform.rowName)) + (sources.length > 0 ? `\n\n${SOURCES[language]}:\n${sources.join('\n')}` : '');
  return splitText(text, platform.maxChars, platform.maxBytes);
}
