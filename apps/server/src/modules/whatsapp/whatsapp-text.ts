import { WHATSAPP_TEXT_MAX_CHARS, type Language, type WidgetMessage } from '@sparks/contract';
import { isPipeTableLine, pipeTableRows } from '@sparks/contract/pipe-table-rows';

const SOURCES: Record<Language, string> = { en: 'Sources', es: 'Fuentes' };
const PAGE: Record<Language, string> = { en: 'p.', es: 'pág.' };

/**
 * A quoted table as WhatsApp can show it, having no tables: a line for each row, its first cell in
 * bold and each other cell after its column's header ("*Sunday* · Hours: 8:30 – 13:00").
 */
function tablesAsLines(markdown: string): string {
  const out: string[] = [];
  let table: string[] = [];
  const flush = () => {
    const [header = [], ...rows] = pipeTableRows(table);
    for (const row of rows)
      out.push(
        row
          .map((cell, index) => (!cell ? '' : index === 0 ? `*${cell}*` : header[index] ? `${header[index]}: ${cell}` : cell))
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

/** Markdown as the Spark writes it, in WhatsApp's own marks: *bold*, _italic_, tables as lines, and links written out. */
function inWhatsappMarks(markdown: string): string {
  return tablesAsLines(markdown)
    .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/__(.+?)__/g, '_$1_')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '$1 ($2)');
}

/** Cuts a text into parts WhatsApp accepts: between paragraphs where it can, else between lines or words. */
export function splitForWhatsapp(text: string, max = WHATSAPP_TEXT_MAX_CHARS): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find((at) => at > max / 2) ?? max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** An answer as a WhatsApp message: its text, then its sources numbered as the answer cites them, with page or link. */
export function whatsappReply(reply: WidgetMessage, language: Language): string[] {
  const sources = (reply.citations ?? []).map(
    (citation) =>
      `[${citation.marker}] ${citation.title}${citation.page ? `, ${PAGE[language]} ${citation.page}` : ''}${citation.url ? ` ${citation.url}` : ''}`,
  );
  const text = inWhatsappMarks(reply.content) + (sources.length > 0 ? `\n\n${SOURCES[language]}:\n${sources.join('\n')}` : '');
  return splitForWhatsapp(text);
}
