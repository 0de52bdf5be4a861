import type { ReactNode } from 'react';

/** What a list says while it has nothing in it, drawn as the outline of where its rows will be. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">{children}</p>;
}
