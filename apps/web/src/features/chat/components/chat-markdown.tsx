import type { Citation } from '@sparks/contract';
import { createContext, useContext, useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, type Options } from 'react-markdown';
import { safeLinkUrl, splitCitationMarkers } from '../chat-rules';
import { remarkTables } from './remark-tables';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

/** Text inside these is quoted or already a link: its brackets are not citation markers. */
const SKIPPED = new Set(['link', 'linkReference', 'inlineCode', 'code']);

/** Turns [n] markers of known citations into `sup` elements the chips replace (markdown alone cannot write `sup`). */
function remarkCitations(options: { markers: number[] }) {
  const known = new Set(options.markers);
  const visit = (node: MdNode) => {
    if (!node.children || SKIPPED.has(node.type)) return;
    node.children = node.children.flatMap((child): MdNode[] => {
      if (child.type !== 'text' || !child.value) {
        visit(child);
        return [child];
      }
      return splitCitationMarkers(child.value, known).map((part) =>
        typeof part === 'string'
          ? { type: 'text', value: part }
          : { type: 'emphasis', data: { hName: 'sup', hProperties: { dataCitation: String(part) } }, children: [{ type: 'text', value: `[${part}]` }] },
      );
    });
  };
  return (tree: MdNode) => visit(tree);
}

interface CitationState {
  openMarker: number | null;
  toggle(marker: number): void;
}

const CitationContext = createContext<CitationState>({ openMarker: null, toggle: () => undefined });

function CitationChip({ children, ...props }: ComponentProps<'sup'>) {
  const { t } = useTranslation();
  const { openMarker, toggle } = useContext(CitationContext);
  const marker = Number((props as Record<string, unknown>)['data-citation']);
  if (!Number.isInteger(marker) || marker <= 0) return <sup>{children}</sup>;
  return (
    <sup className="mx-0.5">
      <button
        type="button"
        data-citation-chip={marker}
        aria-label={t('chat.citations.chip', { marker })}
        aria-haspopup="dialog"
        aria-expanded={openMarker === marker}
        onClick={() => toggle(marker)}
        className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary-soft px-1.5 text-[0.7rem] font-semibold leading-4 text-primary hover:bg-primary hover:text-white aria-expanded:bg-primary aria-expanded:text-white"
      >
        {marker}
      </button>
    </sup>
  );
}

function SafeLink({ href, children }: ComponentProps<'a'>) {
  const { t } = useTranslation();
  const url = href ? safeLinkUrl(href) : undefined;
  if (!url) return <span>{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2 hover:text-primary-strong">
      {children}
      <span className="sr-only"> {t('chat.opensInNewTab')}</span>
    </a>
  );
}

/** A code block scrolls sideways on a narrow screen; it takes focus so the keyboard can scroll it too. */
function ScrollableCode({ children }: ComponentProps<'pre'>) {
  return <pre tabIndex={0}>{children}</pre>;
}

/** A table scrolls sideways on a narrow screen rather than overflow it; it takes focus so the keyboard can scroll it too. */
function ScrollableTable({ children }: ComponentProps<'table'>) {
  return (
    <div tabIndex={0} className="max-w-full overflow-x-auto rounded-lg border border-line">
      <table className="min-w-full border-collapse text-[0.8125rem] [&_td]:border-t [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:bg-canvas [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:font-semibold">
        {children}
      </table>
    </div>
  );
}

/** No remote image ever loads from an answer: an image shows as its description. */
function ImageAsText({ alt }: ComponentProps<'img'>) {
  return alt ? <span>{alt}</span> : null;
}

const COMPONENTS: Components = {
  a: SafeLink,
  img: ImageAsText,
  pre: ScrollableCode,
  sup: CitationChip,
  table: ScrollableTable,
};

/** Only web and mail addresses survive; anything else (javascript:, data:, relative paths) is dropped. */
const urlTransform = (url: string) => safeLinkUrl(url) ?? '';

interface ChatMarkdownProps {
  content: string;
  citations?: Citation[];
  openMarker?: number | null;
  onToggleCitation?: (marker: number) => void;
}

/** An answer's Markdown, sanitised: raw HTML stays visible text (react-markdown's default), safe links in a new tab, no images, tables, citation chips for [n]. */
export function ChatMarkdown({ content, citations = [], openMarker = null, onToggleCitation = () => undefined }: ChatMarkdownProps) {
  const markerList = citations.map((citation) => citation.marker).join(',');
  const plugins = useMemo(
    (): Options['remarkPlugins'] => [remarkTables, [remarkCitations, { markers: markerList ? markerList.split(',').map(Number) : [] }]],
    [markerList],
  );
  const citationState = useMemo(() => ({ openMarker, toggle: onToggleCitation }), [openMarker, onToggleCitation]);
  return (
    <CitationContext.Provider value={citationState}>
      <div className="space-y-2 break-words [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-canvas [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-canvas [&_pre]:p-2 [&_pre]:text-[0.8125rem] [&_pre]:leading-relaxed [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-5">
        <Markdown urlTransform={urlTransform} components={COMPONENTS} remarkPlugins={plugins}>
          {content}
        </Markdown>
      </div>
    </CitationContext.Provider>
  );
}
