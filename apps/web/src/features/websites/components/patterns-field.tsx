import { useId } from 'react';
import { FieldError } from '../../../components/ui/field-error';

interface PatternsFieldProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  error?: string | undefined;
  testId?: string;
}

/** A box of paths, one per line, with what it does and, when it is refused, why, both read with it by screen readers. */
export function PatternsField({ label, hint, value, onChange, placeholder, error, testId }: PatternsFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        className={`block w-full rounded-lg border bg-white px-3 py-2 font-mono text-base text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 ${
          error ? 'border-red-600' : 'border-line'
        }`}
        data-testid={testId}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
