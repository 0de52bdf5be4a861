import { useEffect, useRef } from 'react';

/**
 * A side panel's title bar: its heading (which takes focus when the panel opens, so screen
 * readers announce where they are) and a close button.
 */
export function PanelHeader({
  title,
  headingId,
  closeLabel,
  onClose,
}: {
  title: string;
  headingId?: string | undefined;
  closeLabel: string;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-3">
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
        {title}
      </h2>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={onClose}
        className="inline-flex size-9 items-center justify-center rounded-lg text-xl text-muted hover:bg-canvas hover:text-ink"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
