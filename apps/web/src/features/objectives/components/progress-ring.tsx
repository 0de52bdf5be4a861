/** product.md §2 circular completion percentage; without a label it is decoration (its button says the figure). */
export function ProgressRing({ value, label, size = 'md' }: { value: number; label?: string; size?: 'sm' | 'md' }) {
  const radius = 16;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  const box = size === 'sm' ? 'size-7' : 'size-14';
  return (
    <span
      {...(label ? { role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': clamped, 'aria-label': label } : { 'aria-hidden': true })}
      className={`relative inline-flex ${box} shrink-0 items-center justify-center`}
    >
      <svg viewBox="0 0 40 40" className="absolute inset-0 -rotate-90" aria-hidden="true">
        <circle cx="20" cy="20" r={radius} fill="none" strokeWidth="4" className="stroke-current opacity-20" />
        <circle
          cx="20"
          cy="20"
          r={radius}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          className="stroke-current transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
        />
      </svg>
      <span className={`${size === 'sm' ? 'text-[9px]' : 'text-sm'} font-semibold tabular-nums`} aria-hidden="true">
        {clamped}
        {size === 'md' && '%'}
      </span>
    </span>
  );
}
