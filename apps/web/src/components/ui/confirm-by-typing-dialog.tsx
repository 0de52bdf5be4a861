import { useId, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmByTypingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Whether what was typed unlocks the action (product.md §5: 'Borrar' for a Spark, the name for a test). */
  accepts: (typed: string) => boolean;
  onConfirm: () => void;
  busy?: boolean;
}

/** A destructive action that stays locked until the user types the required word. */
export function ConfirmByTypingDialog(props: ConfirmByTypingDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const unlocked = props.accepts(typed);
  const close = (open: boolean) => {
    if (!open) setTyped('');
    props.onOpenChange(open);
  };
  return (
    <Modal open={props.open} onOpenChange={close} title={props.title} description={props.description}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (unlocked) props.onConfirm();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-ink">
            {props.label}
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            className="block min-h-11 w-full rounded-lg border border-line px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            {props.cancelLabel}
          </Button>
          <Button type="submit" disabled={!unlocked || props.busy} className="bg-red-600 hover:bg-red-700">
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
