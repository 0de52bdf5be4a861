import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../components/ui/line-icon';
import { PanelToggleButton } from '../../../components/ui/panel-toggle-button';
import { useDocuments } from '../../../features/documents/api/use-documents';
import { isSettling, knowledgeCount } from '../../../features/documents/document-rules';
import { useWebsites } from '../../../features/websites/api/use-websites';
import { useViewportStore } from '../../../lib/viewport-store';

interface DocumentsButtonProps {
  sparkId: string;
  open: boolean;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
  className: string;
}

/**
 * The header's Documents button: how many there are, and a spinner while one is being read. It
 * counts as the plan does and as the panel's header says (`knowledgeCount`): a website once, not
 * once per page it became, and a new version being read as the document it replaces.
 */
export function DocumentsButton({ sparkId, open, onToggle, buttonRef, className }: DocumentsButtonProps) {
  const { t } = useTranslation();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const documents = useDocuments(sparkId);
  const websites = useWebsites(sparkId);
  const count = knowledgeCount(documents.data ?? [], websites.data?.length ?? 0).total;
  const reading = documents.data?.some(isSettling) ?? false;
  return (
    <PanelToggleButton
      open={open}
      onToggle={onToggle}
      panelId="documents-panel"
      desktop={isDesktop}
      className={className}
      buttonRef={buttonRef}
      testId="documents-button"
    >
      <LineIcon className="size-4" d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />
      {/* Named "Documents" everywhere; narrow phones show only the icon and the count. */}
      <span className="sr-only min-[480px]:not-sr-only">{t('documents.open')}</span>
      {count > 0 && (
        <>
          <span className="sr-only">, </span>
          <span className="rounded-full bg-white/25 px-1.5 text-xs tabular-nums">{count}</span>
        </>
      )}
      {reading && (
        <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
      )}
    </PanelToggleButton>
  );
}
