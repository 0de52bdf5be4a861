import { useRef } from 'react';
import { useWebsiteActions } from '../../../features/websites/api/use-websites';
import { AddWebsiteDialog } from '../../../features/websites/components/add-website-dialog';

interface AddWebsiteFromChatProps {
  sparkId: string;
  open: boolean;
  onClose: () => void;
  /** The site was added: the screen shows the documents panel, where its pages arrive. */
  onAdded: () => void;
}

/**
 * The websites feature's dialog, opened from the chat's attach menu (a documents feature's menu,
 * so the screen joins the two). Closed without adding, focus goes back to the attach button, as the
 * menu's entry is gone by then; once a site is added, the documents panel that opens takes it.
 */
export function AddWebsiteFromChat({ sparkId, open, onClose, onAdded }: AddWebsiteFromChatProps) {
  const actions = useWebsiteActions(sparkId);
  const added = useRef(false);
  return (
    <AddWebsiteDialog
      open={open}
      onClose={onClose}
      add={actions.add}
      onAdded={() => {
        added.current = true;
        onAdded();
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (!added.current) document.querySelector<HTMLElement>('[data-testid="attach-button"]')?.focus();
        added.current = false;
      }}
    />
  );
}
