import type { WidgetCitation } from '@sparks/contract';
import type { FrameTexts } from './widget-texts';

/**
 * Answer text as DOM: paragraphs, line breaks and **bold**, built from text nodes only. Whatever
 * an answer contains (HTML, scripts, links) stays inert text; nothing is parsed as markup.
 */
export function renderText(target: HTMLElement, text: string): void {
  target.replaceChildren();
  for (const paragraph of text.split(/\n{2,}/)) {
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
    title.textContent = citation.page ? `${citation.title}, ${texts.page(citation.page)}` : citation.title;
    const excerpt = document.createElement('q');
    excerpt.textContent = citation.excerpt;
    item.append(title, document.createTextNode(' '), excerpt);
    list.append(item);
  }
  details.append(summary, list);
  return details;
}
