import { createRequire } from 'node:module';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import Turndown from 'turndown';

/** What a web page offers a Spark: its main text as Markdown, and where it leads. */
export interface PageContent {
  title: string;
  /** The main content, headings and tables kept, navigation, footers, banners and scripts gone. */
  markdown: string;
  /** The address the page says is its own (`<link rel="canonical">`), when it names one on the same site. */
  canonical: string | null;
  /** The page asks not to be indexed (`<meta name="robots" content="noindex">`). */
  noindex: boolean;
  /** Every link of the page, absolute, without fragments. */
  links: string[];
}

/**
 * Parts of a page that are never its content, removed before Readability looks: scripts, styles,
 * forms, navigation and footers, and consent banners (which sit outside the article but are long
 * enough to be taken for one on a short page).
 */
const NOT_CONTENT =
  'script, style, noscript, template, iframe, form, nav, footer, header, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="dialog"], [aria-modal="true"]';
const CONSENT = /cookie|consent|gdpr/i;

/** The GitHub-flavoured Markdown plugin of turndown ships without types; only its table rule is used. */
const { tables } = createRequire(import.meta.url)('turndown-plugin-gfm') as { tables: Turndown.Plugin };

/** The few DOM calls made here, typed the same whether or not the compilation knows the browser's DOM. */
interface PageElement {
  getAttribute(name: string): string | null;
  remove(): void;
}
const all = (root: { querySelectorAll(selector: string): unknown }, selector: string): PageElement[] =>
  Array.from(root.querySelectorAll(selector) as ArrayLike<PageElement>);

const turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.use(tables);
// Images and links keep their words only: a Spark cites the page, not the addresses inside it.
turndown.addRule('plainLinks', { filter: 'a', replacement: (content) => content });
turndown.addRule('noImages', { filter: 'img', replacement: () => '' });

function absolute(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The main content of an HTML page, by Mozilla's Readability (Firefox's reader view) on a
 * server-side DOM (linkedom), turned into Markdown (turndown, tables kept) so the documents'
 * Markdown reading finds its headings, lists, tables and code. Page text is data: nothing in it is
 * run or served back as HTML.
 */
export function pageContent(html: string, address: string): PageContent {
  const { document } = parseHTML(html);
  const base = absolute(document.querySelector('base[href]')?.getAttribute('href') ?? null, address) ?? address;
  const links = [
    ...new Set(
      all(document, 'a[href]')
        .map((link) => absolute(link.getAttribute('href'), base))
        .filter((link): link is string => link !== null),
    ),
  ];
  const canonical = absolute(document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null, base);
  const noindex = all(document, 'meta[name="robots"], meta[name="Sparks"]').some((meta) => /noindex/i.test(meta.getAttribute('content') ?? ''));
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  for (const element of all(document, NOT_CONTENT)) element.remove();
  for (const element of all(document, '[id], [class]')) {
    if (CONSENT.test(`${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`)) element.remove();
  }
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200, keepClasses: false }).parse();
  const contentHtml = article?.content ?? document.body?.innerHTML ?? '';
  const markdown = turndown
    .turndown(contentHtml)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title: (article?.title ?? pageTitle).trim() || pageTitle || address, markdown, canonical, noindex, links };
}
