import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from './documents-panel';

interface DocumentsSidePanelProps {
  sparkId: string;
  open: boolean;
  /** Desktop shows the panel beside the chat; mobile, as a full-height sheet over it. */
  desktop: boolean;
  onClose: () => void;
  /** Where focus goes once the panel has closed (the button that opened it). */
  returnFocus: () => void;
  onFile: (file: File) => void;
}

/** The documents panel of a Spark: a side panel beside the chat on desktop, a full-height sheet on mobile. */
export function DocumentsSidePanel({ sparkId, open, desktop, onClose, returnFocus, onFile }: DocumentsSidePanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (desktop) {
    if (!open) return null;
    const close = () => {
      onClose();
      returnFocus();
    };
    return (
      <aside
        id="documents-panel"
        aria-labelledby={headingId}
        className="flex w-[min(400px,36vw)] shrink-0 flex-col border-l border-line"
        onKeyDown={(event) => {
          // Escape closes the panel, unless a dialog of its own (the delete confirmation) is open.
          if (event.key === 'Escape' && !event.defaultPrevented) close();
        }}
      >
        <DocumentsPanel sparkId={sparkId} onFile={onFile} onClose={close} headingId={headingId} />
      </aside>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          id="documents-panel"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-x-0 bottom-0 top-0 z-50 flex flex-col overflow-hidden bg-canvas shadow-xl transition-transform duration-200 focus:outline-none starting:translate-y-8 motion-reduce:transition-none"
        >
          <Dialog.Title className="sr-only">{t('documents.title')}</Dialog.Title>
          <DocumentsPanel sparkId={sparkId} onFile={onFile} onClose={onClose} headingId={headingId} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
