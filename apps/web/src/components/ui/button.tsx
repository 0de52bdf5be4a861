import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-white hover:bg-primary-strong',
  ghost: 'bg-transparent text-ink hover:bg-primary-soft',
};

/** The app's button; takes a ref (React 19 passes it as a prop) for the places that give focus back to it. */
export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
