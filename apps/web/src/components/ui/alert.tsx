import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-primary/20 bg-primary-soft text-ink',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;

/** Errors interrupt (role alert); confirmations and notes are announced politely (role status). */
export function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}
