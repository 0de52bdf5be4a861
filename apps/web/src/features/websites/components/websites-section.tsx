import type { SparkDocument } from '@sparks/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useWebsiteActions, useWebsites } from '../api/use-websites';
import { pageCountsOf } from '../website-rules';
import { AddWebsiteDialog } from './add-website-dialog';
import { WebsiteCard } from './website-card';

interface WebsitesSectionProps {
  sparkId: string;
  /**
   * The Spark's documents, when the screen has them: a website's pages become documents, and its
   * card counts how many of them answer. They come from the screen, which owns the documents list.
   */
  documents?: readonly Pick<SparkDocument, 'sourceUrl' | 'status'>[] | undefined;
}

/** The Spark's websites in the documents panel: add one, watch its pages being found, choose which to read. */
export function WebsitesSection({ sparkId, documents }: WebsitesSectionProps) {
  const { t } = useTranslation();
  const websites = useWebsites(sparkId);
  const actions = useWebsiteActions(sparkId);
  const [adding, setAdding] = useState(false);
  const list = websites.data ?? [];
  return (
    <section className="space-y-3" aria-labelledby="websites-heading" data-testid="websites-section">
      <div className="flex items-center justify-between gap-2">
        <h3 id="websites-heading" className="text-sm font-semibold text-ink">
          {t('websites.title')}
        </h3>
        <Button variant="ghost" className="min-h-9 border border-line px-3" onClick={() => setAdding(true)}>
          {t('websites.add.open')}
        </Button>
      </div>
      {websites.isPending ? (
        <Spinner label={t('websites.loading')} className="size-5 text-primary" />
      ) : websites.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('websites.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{t('websites.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {list.map((website) => (
            <li key={website._id}>
              <WebsiteCard website={website} actions={actions} pageCounts={documents ? pageCountsOf(website, documents) : undefined} />
            </li>
          ))}
        </ul>
      )}
      <AddWebsiteDialog open={adding} onClose={() => setAdding(false)} add={actions.add} />
    </section>
  );
}
