import { Spinner } from './spinner';

/** product.md §2 full-screen loading overlay with spinner. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 text-primary">
      <Spinner label={label} className="size-10" />
    </div>
  );
}
