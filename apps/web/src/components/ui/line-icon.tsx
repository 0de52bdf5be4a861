/** A line icon of one path on a 24-unit grid, in the current text colour. Decorative unless given a label. */
export function LineIcon({ d, className = 'size-4', strokeWidth = 2, label }: { d: string; className?: string; strokeWidth?: number; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={d} />
    </svg>
  );
}
