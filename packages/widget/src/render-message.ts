import type { WidgetCitation } from '@sparks/contract';
import { isPipeTableLine, pipeTableRows } from '@sparks/contract/pipe-table-rows';
import type { FrameTexts } from './widget-texts';

/** Paragraphs of prose: line breaks and **bold**, as text nodes. */
function appendProse(target: HTMLElement, text: string): void {
  // A code block leaves the line breaks around it: they start and end no paragraph.
  for (const paragraph of text.replace(/^\n+|\n+$/g, '').split(/\n{2,}/)) {
    if (paragraph.trim() === '') continue;
    const p = document.createElement('p');
    paragraph.split('\n').forEach((line, index) => {
      if (index > 0) p.append(document.createElement('br'));
      line.split(/\*\*(.+?)\*\*/g).forEach((part, partIndex) => {
        if (part === '') return;
        if (partIndex % 2 === 1) {
          const strong = document.createElement('strong');
          strong.textContent = part;
          p.append(strong);
        } else p.append(document.createTextNode(part));
      });
    });
    target.append(p);
  }
}

/** A quoted table as a table, its first row the header, scrollable sideways (and by keyboard) within the bubble. */
function appendTable(target: HTMLElement, lines: readonly string[]): void {
  const rows = pipeTableRows(lines);
  const wrap = document.createElement('div');
  wrap.className = 'table';
  wrap.tabIndex = 0;
  const table = document.createElement('table');
  rows.forEach((cells, index) => {
    const row = document.createElement('tr');
    for (const text of cells) {
      const cell = document.createElement(index === 0 ? 'th' : 'td');
      cell.textContent = text;
      row.append(cell);
    }
    (index === 0 ? (table.createTHead() as HTMLElement) : (table.tBodies[0] ?? table.createTBody())).append(row);
  });
  wrap.append(table);
  target.append(wrap);
}

/** Prose with the tables among it: a run of table lines is a table, the rest paragraphs. */
function appendBlocks(target: HTMLElement, text: string): void {
  let prose: string[] = [];
  let table: string[] = [];
  const flush = () => {
    if (table.length > 0) appendTable(target, table);
    else appendProse(target, prose.join('\n'));
    prose = [];
    table = [];
  };
  for (const line of text.split('\n')) {
    if (isPipeTableLine(line) !== table.length > 0 && (table.length > 0 || prose.length > 0)) flush();
    if (isPipeTableLine(line)) table.push(line);
    else prose.push(line);
  }
  flush();
}

/** A code block as written, scrollable sideways (and by keyboard) rather than wrapped. */
function appendCode(target: HTMLElement, lines: readonly string[]): void {
  const pre = document.createElement('pre');
  pre.tabIndex = 0;
  const code = document.createElement('code');
  code.textContent = lines.join('\n');
  pre.append(code);
  target.append(pre);
}

/**
 * Answer text as DOM: paragraphs, line breaks, **bold**, tables and fenced code blocks, built from
 * text nodes only. Whatever an answer contains (HTML, scripts, links) stays inert text; nothing is
 * parsed as markup. A block still open while the answer streams is shown as code already.
 */
export function renderText(target: HTMLElement, text: string): void {
  target.replaceChildren();
  let prose: string[] = [];
  let code: string[] | null = null;
  let fence = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (code) {
      if (trimmed.startsWith(fence) && /^`+$/.test(trimmed)) {
        appendCode(target, code);
        code = null;
      } else code.push(line);
      continue;
    }
    const opening = /^(`{3,})[^`]*$/.exec(trimmed);
    if (opening) {
      appendBlocks(target, prose.join('\n'));
      prose = [];
      code = [];
      fence = opening[1]!;
    } else prose.push(line);
  }
  if (code) appendCode(target, code);
  appendBlocks(target, prose.join('\n'));
}

/** The sources an answer cites, folded under a summary: title, page and the passage. */
export function renderCitations(citations: readonly WidgetCitation[], texts: FrameTexts): HTMLElement {
  const details = document.createElement('details');
  details.className = 'sources';
  const summary = document.createElement('summary');
  summary.textContent = texts.sources(citations.length);
  const list = document.createElement('ol');
  for (const citation of citations) {
    const item = document.createElement('li');
    item.value = citation.marker;
    const title = document.createElement('strong');
    const name = citation.page ? `${citation.title}, ${texts.page(citation.page)}` : citation.title;
    // A website's page is cited with a link to it; only a web address ever becomes one.
    if (citation.url && /^https?:\/\//i.test(citation.url)) {
      const link = document.createElement('a');
      link.href = citation.url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer nofollow';
      link.textContent = name;
      title.append(link);
    } else title.textContent = name;
    const excerpt = document.createElement('q');
    excerpt.textContent = citation.excerpt;
    item.append(title, document.createTextNode(' '), excerpt);
    list.append(item);
  }
  details.append(summary, list);
  return details;
}
