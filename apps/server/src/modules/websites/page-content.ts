import type { ChildNode, Element, ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import Turndown from 'turndown';
import { CAPTION_MARK, CELL_MARK, ROW_MARK, tableRules } from './table-rules.js';

/** What a web page offers a Spark: its main text as Markdown, and where it leads. */
export interface PageContent {
  title: string;
  /** The main content, headings and tables kept, navigation, footers, banners and scripts gone. */
  markdown: string;
  /** The address the page says is its own (`<link rel="canonical">`), when it names one. */
  canonical: string | null;
  /** The page asks not to be indexed (`<meta name="robots" content="noindex">`). */
  noindex: boolean;
  /** Every link of the page, absolute, without fragments. */
  links: string[];
}

/**
 * Elements that are never a page's content, wherever they are. A button's words stay (a help page
 * says "press Save"); a list of options is a control, not text.
 */
const NEVER = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas', 'select', 'textarea', 'nav', 'dialog']);
/** What a form holds when it is the page itself (sites built on one form around the whole body), not a form in the page. */
const PAGE_INSIDE = new Set(['main', 'article', 'h1', 'h2']);
/** The page's own banner, footer and side column: left out when they frame the page, kept inside its main content or an article. */
const FRAME = new Set(['header', 'footer', 'aside']);
const FRAME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'dialog', 'alertdialog', 'search']);
/** Where a page's own content is: inside these, its headers and footers are the content's. */
const CONTENT = new Set(['main', 'article']);
/**
 * Elements nested deeper than this make a page unreadable: no page a person reads is nested so deep,
 * and the Markdown conversion, like every HTML serialiser, walks the tree by recursion.
 */
const MAX_DEPTH = 800;

/** A page whose markup cannot be turned into text (nested too deep). */
export class UnreadablePageError extends Error {
  override name = 'UnreadablePageError';
}

/** A title longer than this is not a title any more. */
const MAX_TITLE = 300;

/** Consent banners sit outside the content but are long enough to pass for it on a short page. */
const CONSENT = /cookie|consent|gdpr/i;

const turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
// The Markdown is read by the product's own reader, which takes inline text as it is: an escaped
// "my\\_file" or "\\[notes\\]" would reach passages and answers with its backslashes.
turndown.escape = (text: string) => text;
tableRules(turndown);
// Links keep their words only: a Spark cites the page, not the addresses inside it. Images keep their description.
turndown.addRule('plainLinks', { filter: 'a', replacement: (content) => content });
turndown.addRule('imageWords', {
  filter: 'img',
  replacement: (_content, node) => ((node as unknown as { getAttribute(name: string): string | null }).getAttribute('alt') ?? '').trim(),
});

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

const roleOf = (element: Element) => (element.attribs.role ?? '').toLowerCase();

/** Not the page's content: never content, a frame of the page outside its content, hidden, or a consent banner. */
function leftOut(element: Element, insideContent: boolean): boolean {
  if (NEVER.has(element.name) || FRAME_ROLES.has(roleOf(element))) return true;
  if (element.attribs['aria-modal'] === 'true' || element.attribs.hidden !== undefined || element.attribs['aria-hidden'] === 'true') return true;
  if (!insideContent && FRAME.has(element.name)) return true;
  if (element.name === 'form') return !DomUtils.findOne((inner) => PAGE_INSIDE.has(inner.name), element.children, true);
  // Inside the content a class is the author's, not a banner's: a cookie policy's own text stays.
  return !insideContent && !CONTENT.has(element.name) && CONSENT.test(`${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`);
}

/**
 * Every element once, in document order, with whether it sits inside the page's main content or an
 * article; `visit` answering false leaves the element's children unvisited. An explicit stack, so
 * a page nested thousands deep costs time in proportion to its size and never the call stack.
 */
function walk(root: ParentNode, visit: (element: Element, insideContent: boolean) => boolean): void {
  const stack: Array<{ node: ChildNode; inside: boolean; depth: number }> = root.children.map((node) => ({ node, inside: false, depth: 1 })).reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, inside, depth } = next;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    if (depth > MAX_DEPTH) throw new UnreadablePageError(`The page's markup is nested more than ${MAX_DEPTH} levels deep.`);
    const element = node as Element;
    if (!visit(element, inside)) continue;
    const within = inside || CONTENT.has(element.name) || roleOf(element) === 'main';
    for (let index = element.children.length - 1; index >= 0; index -= 1) stack.push({ node: element.children[index]!, inside: within, depth: depth + 1 });
  }
}

const textOf = (element: Element | undefined) => (element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '');

/**
 * The main content of an HTML page, by structure: htmlparser2's forgiving parser (any bytes make a
 * tree, in time linear in their size), then what is never content (scripts, navigation, forms in
 * the page, controls, dialogs, consent banners, and the page's own header, footer and side column) is removed, and the
 * page's `<main>` (or its one `<article>`, else its body) is turned into Markdown by turndown, with
 * headings, lists, tables and code kept and the words of inline names, keys and links. Page text
 * is data: nothing in it is run, and it is never served back as HTML (docs/decisions/0028).
 */
export function pageContent(html: string, address: string): PageContent {
  const document = parseDocument(html.replace(new RegExp(`[${CELL_MARK}${ROW_MARK}${CAPTION_MARK}]`, 'g'), ''), { decodeEntities: true });
  let base = address;
  let titleElement: Element | undefined;
  let canonicalHref: string | undefined;
  let noindex = false;
  let main: Element | undefined;
  const articles: Element[] = [];
  const hrefs: string[] = [];
  const removed: Element[] = [];
  let body: Element | undefined;
  walk(document, (element, insideContent) => {
    const { name, attribs } = element;
    if (name === 'base' && attribs.href && base === address) base = absolute(attribs.href, address) ?? address;
    else if (name === 'title') titleElement ??= element;
    else if (name === 'link' && /(?:^|\s)canonical(?:\s|$)/i.test(attribs.rel ?? '')) canonicalHref ??= attribs.href;
    else if (name === 'meta' && /^(?:robots|sparks)$/i.test(attribs.name ?? '') && /noindex/i.test(attribs.content ?? '')) noindex = true;
    else if (name === 'a' && attribs.href) hrefs.push(attribs.href);
    else if (name === 'body') body ??= element;
    if (leftOut(element, insideContent)) {
      removed.push(element);
      // Its links still lead somewhere on the site: the navigation is the site's map.
      walk(element, (inner) => {
        if (inner.name === 'a' && inner.attribs.href) hrefs.push(inner.attribs.href);
        return true;
      });
      return false;
    }
    if (name === 'main' || roleOf(element) === 'main') main ??= element;
    else if (name === 'article' && !insideContent) articles.push(element);
    return true;
  });
  const links = [...new Set(hrefs.map((href) => absolute(href, base)).filter((link): link is string => link !== null))];
  for (const element of removed) DomUtils.removeElement(element);

  const title = textOf(titleElement).slice(0, MAX_TITLE);
  const content = main ?? (articles.length === 1 ? articles[0] : undefined) ?? body ?? document;
  // The page's title is its document's heading; the content's own headings sit below it.
  let firstHeading: string | undefined;
  walk(content, (element) => {
    if (!/^h[1-6]$/.test(element.name)) return true;
    const words = textOf(element);
    const isFirst = firstHeading === undefined;
    firstHeading ??= words;
    if (element.name === 'h1') {
      if (isFirst && words && title.toLowerCase().startsWith(words.toLowerCase())) DomUtils.removeElement(element);
      else element.name = 'h2';
    }
    return false;
  });
  const markdown = turndown
    .turndown(DomUtils.getInnerHTML(content))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title: title || firstHeading || address, markdown, canonical: absolute(canonicalHref, base), noindex, links };
}
