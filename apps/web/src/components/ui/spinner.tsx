interface SpinnerProps {
  label: string;
  className?: string;
}

export function Spinner({ label, className = 'size-5' }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <span className={`${className} animate-spin rounded-full border-2 border-current border-r-transparent`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
