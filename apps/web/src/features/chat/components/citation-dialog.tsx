import * as Dialog from '@radix-ui/react-dialog';
import type { Citation } from '@sparks/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CitationDialogProps {
  /** The citation shown, or null when closed. */
  citation: Citation | null;
  onClose: () => void;
  /** Where focus goes back to when the preview closes (the chip that opened it). */
  returnFocus: () => void;
  /** The whole passage, when the screen can fetch it; otherwise the cited excerpt is shown. */
  passage?: ReactNode;
}

/** A cited page's address, only when it is a web address: anything else is never made a link. */
const webAddress = (url: string | undefined): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/** The preview of one source of an answer: its title, page and passage. Escape or the backdrop closes it. */
export function CitationDialog({ citation, onClose, returnFocus, passage }: CitationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={citation !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none desktop:inset-x-auto desktop:bottom-auto desktop:left-1/2 desktop:top-1/2 desktop:w-[min(40rem,calc(100%-2rem))] desktop:-translate-x-1/2 desktop:-translate-y-1/2 desktop:rounded-2xl"
          data-testid="citation-dialog"
        >
          {citation && (
            <>
              <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
                <div className="min-w-0 space-y-1">
                  <p className="text-xs font-semibold uppercase tracking-wide text-primary">{t('chat.citations.chip', { marker: citation.marker })}</p>
                  <Dialog.Title className="break-words text-lg font-semibold text-ink">{citation.title}</Dialog.Title>
                  <Dialog.Description className={citation.page !== undefined ? 'text-sm text-muted' : 'sr-only'}>
                    {citation.page !== undefined ? t('chat.citations.page', { page: citation.page }) : t('chat.citations.passage')}
                  </Dialog.Description>
                  {webAddress(citation.url) && (
                    <a
                      href={webAddress(citation.url)!}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-block max-w-full truncate text-sm font-medium text-primary underline underline-offset-2"
                      data-testid="citation-page-link"
                    >
                      {t('chat.citations.openPage')}
                    </a>
                  )}
                </div>
                <Dialog.Close
                  aria-label={t('chat.citations.close')}
                  className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-xl text-muted hover:bg-canvas hover:text-ink"
                >
                  <span aria-hidden="true">×</span>
                </Dialog.Close>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4" data-testid="citation-panel">
                {passage ?? <blockquote className="whitespace-pre-line border-l-2 border-primary/40 pl-3 text-sm text-ink">{citation.excerpt}</blockquote>}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
