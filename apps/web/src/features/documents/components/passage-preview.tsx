import type { Citation } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { usePassage } from '../api/use-passage';
import { excerptSpan } from '../document-rules';

interface PassagePreviewProps {
  sparkId: string;
  citation: Citation;
}

/** The passage text with the part the answer quoted marked, as plain text (never markup). */
function PassageText({ text, excerpt }: { text: string; excerpt: string }) {
  const { t } = useTranslation();
  const span = excerptSpan(text, excerpt);
  if (!span) return <p className="whitespace-pre-line text-sm leading-relaxed text-ink">{text}</p>;
  return (
    <p className="whitespace-pre-line text-sm leading-relaxed text-ink">
      {text.slice(0, span.start)}
      <mark className="rounded bg-amber-100 px-0.5 text-ink" title={t('documents.passage.cited')}>
        {text.slice(span.start, span.end)}
      </mark>
      {text.slice(span.end)}
    </p>
  );
}

/** The whole passage behind a citation, fetched by its chunk; the cited excerpt stands in until (or unless) it comes. */
export function PassagePreview({ sparkId, citation }: PassagePreviewProps) {
  const { t } = useTranslation();
  const passage = usePassage(sparkId, citation.chunkId);
  const quoted = <blockquote className="whitespace-pre-line border-l-2 border-primary/40 pl-3 text-sm text-ink">{citation.excerpt}</blockquote>;

  if (passage.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {quoted}
        <p className="flex items-center gap-2 text-xs text-muted">
          <Spinner label={t('documents.passage.loading')} className="size-3.5" />
          <span aria-hidden="true">{t('documents.passage.loading')}</span>
        </p>
      </div>
    );
  }
  if (passage.isError) {
    return (
      <div className="space-y-3">
        {quoted}
        <p className="text-xs text-muted">{t('documents.passage.unavailable')}</p>
      </div>
    );
  }
  const { heading, page, pageEnd, text, readByOcr } = passage.data;
  const pages = page !== undefined && pageEnd !== undefined && pageEnd > page ? t('documents.passage.pages', { from: page, to: pageEnd }) : null;
  return (
    <div className="space-y-3" data-testid="passage-preview">
      {(heading || pages) && <p className="text-xs font-medium uppercase tracking-wide text-muted">{[heading, pages].filter(Boolean).join(' · ')}</p>}
      <PassageText text={text} excerpt={citation.excerpt} />
      {readByOcr && (
        <p className="text-xs text-muted" data-testid="passage-ocr">
          {t('documents.passage.readByOcr')}
        </p>
      )}
    </div>
  );
}
