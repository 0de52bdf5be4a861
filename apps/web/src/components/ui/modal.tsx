import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Where focus goes when the dialog closes, for dialogs that no trigger button opened. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Room for side-by-side content (the plans). */
  wide?: boolean;
}

/** product.md §2 generic modal: Escape or a click on the backdrop closes it; focus stays inside while open. */
export function Modal({ open, onOpenChange, title, description, children, onCloseAutoFocus, wide = false }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" data-testid="modal-backdrop" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto ${wide ? 'max-w-3xl' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-xl focus:outline-none`}
        >
          <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
