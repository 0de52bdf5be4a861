import { forwardRef, useId, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
}

/** A quiet label over a full-width choice, for a setting inside a section that has its own heading. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, id, className = '', children, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={`space-y-2 ${className}`}>
      <label htmlFor={selectId} className="block text-sm text-muted">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="min-h-10 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60"
        {...props}
      >
        {children}
      </select>
    </div>
  );
});
