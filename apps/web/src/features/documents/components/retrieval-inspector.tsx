import type { Citation, RetrievedPassage } from '@sparks/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCited, rankedSources, scoreLabel } from '../document-rules';

interface RetrievalInspectorProps {
  sources: RetrievedPassage[];
  citations: Citation[];
}

/**
 * "Why this answer?" under a test answer: every passage the answer was built from, best match
 * first, with its title, page, heading, score and excerpt, marking the ones the answer cites.
 */
export function RetrievalInspector({ sources, citations }: RetrievalInspectorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  // Opened at the bottom of a long chat, the list would sit below the fold: bring it (with its button) into view.
  useEffect(() => {
    if (!open) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    rootRef.current?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [open]);
  const ranked = rankedSources(sources);
  const best = Math.max(...ranked.map((source) => source.score), 0);

  return (
    <div ref={rootRef} className="scroll-mt-2 border-t border-line pt-2" data-testid="retrieval-inspector">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary hover:bg-primary-soft"
      >
        <svg
          viewBox="0 0 20 20"
          className={`size-4 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4z" />
        </svg>
        {/* One run of text: on a narrow screen the label and the count wrap as a line, not as two columns. */}
        <span className="text-left">
          {t('documents.inspector.toggle')} <span className="font-normal text-muted">({t('documents.inspector.count', { count: ranked.length })})</span>
        </span>
      </button>
      <div id={listId} hidden={!open} className="mt-2 space-y-2">
        <p className="text-xs text-muted">{t('documents.inspector.intro')}</p>
        <ol className="space-y-2">
          {ranked.map((source) => {
            const cited = isCited(source, citations);
            const width = best > 0 ? Math.max(4, Math.round((Math.max(source.score, 0) / best) * 100)) : 0;
            return (
              <li
                key={source.chunkId}
                className={`space-y-1 rounded-lg border p-2.5 text-sm ${cited ? 'border-primary/30 bg-primary-soft/50' : 'border-line bg-canvas'}`}
                data-testid="inspector-source"
                data-cited={cited}
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-primary">[{source.marker}]</span>
                  <span className="min-w-0 font-medium break-words text-ink [overflow-wrap:anywhere]">{source.title}</span>
                  {source.page !== undefined && <span className="text-xs text-muted">{t('documents.inspector.page', { page: source.page })}</span>}
                  <span
                    className={`ml-auto rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${cited ? 'bg-primary text-white' : 'border border-line bg-white text-muted'}`}
                  >
                    {cited ? t('documents.inspector.cited') : t('documents.inspector.notCited')}
                  </span>
                </div>
                {source.heading && <p className="text-xs font-medium text-muted">{source.heading}</p>}
                <div className="flex items-center gap-2">
                  <span aria-hidden="true" className="h-1.5 w-20 overflow-hidden rounded-full bg-line">
                    <span className="block h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
                  </span>
                  <span className="text-xs tabular-nums text-muted">{t('documents.inspector.score', { score: scoreLabel(source.score) })}</span>
                </div>
                <p className="whitespace-pre-line break-words text-xs text-ink">{source.excerpt}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
