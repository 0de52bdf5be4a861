import * as Dialog from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';

interface SidePanelProps {
  id: string;
  open: boolean;
  /** Desktop shows the panel beside the chat; mobile, as a full-height sheet over it. */
  desktop: boolean;
  /** The sheet's accessible name on mobile (the panel's own heading names it on desktop). */
  title: string;
  onClose: () => void;
  /** Where focus goes once the panel has closed (the button that opened it). */
  returnFocus: () => void;
  /** Tailwind width of the desktop panel. */
  widthClass: string;
  /** The panel's content, told the id its heading should carry. */
  children: (headingId: string, close: () => void) => ReactNode;
}

/** A panel beside the chat on desktop, a full-height sheet on mobile; Escape closes both. */
export function SidePanel({ id, open, desktop, title, onClose, returnFocus, widthClass, children }: SidePanelProps) {
  const headingId = useId();
  if (desktop) {
    if (!open) return null;
    const close = () => {
      onClose();
      returnFocus();
    };
    return (
      <aside
        id={id}
        aria-labelledby={headingId}
        className={`flex ${widthClass} shrink-0 flex-col border-l border-line`}
        onKeyDown={(event) => {
          // Escape closes the panel, unless a dialog of its own (a confirmation) is open.
          if (event.key === 'Escape' && !event.defaultPrevented) close();
        }}
      >
        {children(headingId, close)}
      </aside>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-x-0 bottom-0 top-0 z-50 flex flex-col overflow-hidden bg-canvas shadow-xl transition-transform duration-200 focus:outline-none starting:translate-y-8 motion-reduce:transition-none"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          {children(headingId, onClose)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
