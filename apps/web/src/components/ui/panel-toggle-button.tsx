import type { ReactNode, Ref } from 'react';

interface PanelToggleButtonProps {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel it opens (a side panel on desktop, a dialog sheet on mobile). */
  panelId: string;
  desktop: boolean;
  className: string;
  buttonRef?: Ref<HTMLButtonElement>;
  testId?: string;
  children: ReactNode;
}

/** A chat header button that opens and closes a side panel, saying so to assistive technology. */
export function PanelToggleButton({ open, onToggle, panelId, desktop, className, buttonRef, testId, children }: PanelToggleButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      aria-haspopup={desktop ? undefined : 'dialog'}
      className={`${className} ${open ? 'bg-white text-secondary' : ''}`}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
