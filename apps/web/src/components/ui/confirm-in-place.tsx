import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface ConfirmInPlaceProps {
  /** The button's label, and the name of the group that asks to confirm. */
  label: string;
  warning: string;
  confirmLabel: string;
  busy: boolean;
  /** Answers whether the group may close (false keeps it open, e.g. to show an error). */
  onConfirm: () => boolean | void;
  /** Choices or errors shown between the warning and the buttons. */
  children?: ReactNode;
}

/** An action one click away from something hard to undo: its button asks once more, in place, with a warning. */
export function ConfirmInPlace({ label, warning, confirmLabel, busy, onConfirm, children }: ConfirmInPlaceProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="ghost" className="border border-line" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={label} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{warning}</p>
      {children}
      <div className="flex gap-2">
        <Button disabled={busy} onClick={() => onConfirm() !== false && setAsking(false)}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
