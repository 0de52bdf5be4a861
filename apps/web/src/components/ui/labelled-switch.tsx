import { useId } from 'react';

interface LabelledSwitchProps {
  label: string;
  /** What being on means, and what being off means: the line under the label says the current one. */
  onHint: string;
  offHint: string;
  on: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}

/** A setting that is on or off (a channel answering at all, a bot answering in groups), announced as a switch, its line saying what the current state means. */
export function LabelledSwitch({ label, onHint, offHint, on, saving, onChange, testId }: LabelledSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-ink">
          {label}
        </p>
        <p id={hintId} className="text-xs text-muted">
          {on ? onHint : offHint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={saving}
        onClick={() => onChange(!on)}
        data-testid={testId}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 ${
          on ? 'bg-primary' : 'bg-slate-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
