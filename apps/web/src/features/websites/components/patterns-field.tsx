import { TextAreaField } from '../../../components/ui/text-area-field';

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
  return (
    <TextAreaField
      label={label}
      hint={hint}
      error={error}
      rows={2}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      inputClassName="font-mono text-base"
      data-testid={testId}
    />
  );
}
