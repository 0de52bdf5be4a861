import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, type RefObject } from 'react';
import { LineIcon } from './line-icon';

export interface MoreAction {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  testId?: string;
}

interface MoreActionsMenuProps {
  /** The button's accessible name: what the actions are about. */
  label: string;
  actions: readonly MoreAction[];
  /** The header's button style, so it sits with the buttons beside it. */
  className: string;
  triggerRef?: RefObject<HTMLButtonElement | null>;
  testId?: string;
}

/**
 * A header's secondary actions behind one button, where the screen is too narrow to show them side
 * by side. A menu button: Enter, Space or the down arrow open it, the arrows move, Escape closes.
 */
export function MoreActionsMenu({ label, actions, className, triggerRef, testId }: MoreActionsMenuProps) {
  const ownRef = useRef<HTMLButtonElement>(null);
  const trigger = triggerRef ?? ownRef;
  const chosen = useRef<(() => void) | null>(null);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={trigger} aria-label={label} className={className} data-testid={testId}>
        <LineIcon className="size-5" strokeWidth={3} d="M12 5h.01M12 12h.01M12 19h.01" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          // The chosen action runs once focus is back on the button: a dialog it opens then returns focus there.
          onCloseAutoFocus={(event) => {
            const action = chosen.current;
            chosen.current = null;
            if (!action) return;
            event.preventDefault();
            trigger.current?.focus();
            action();
          }}
          className="z-50 min-w-52 rounded-lg border border-line bg-white p-1 text-ink shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              disabled={action.disabled}
              onSelect={() => (chosen.current = action.onSelect)}
              data-testid={action.testId}
              className="flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-primary-soft"
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
