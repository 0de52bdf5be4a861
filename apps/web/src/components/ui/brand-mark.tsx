interface BrandMarkProps {
  name: string;
}

export function BrandMark({ name }: BrandMarkProps) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-ink">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M17.5 5 9 18h6l-1.5 9L23 14h-6z" fill="#fff" />
      </svg>
      <span className="text-lg">{name}</span>
    </span>
  );
}
