import type { SparkDocument } from '@sparks/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import type { AnswerSource } from './answer-source-setting';
import { DocumentsPanel } from './documents-panel';

interface DocumentsSidePanelProps {
  sparkId: string;
  open: boolean;
  desktop: boolean;
  onClose: () => void;
  returnFocus: () => void;
  onFile: (file: File, replaces?: SparkDocument) => void;
  answerSource?: AnswerSource;
  /** Other sources of knowledge shown below the documents. */
  moreSources?: ReactNode;
  /** How many websites those are. */
  websiteCount?: number;
}

/** The documents panel of a Spark: a side panel beside the chat on desktop, a full-height sheet on mobile. */
export function DocumentsSidePanel({
  sparkId,
  open,
  desktop,
  onClose,
  returnFocus,
  onFile,
  answerSource,
  moreSources,
  websiteCount = 0,
}: DocumentsSidePanelProps) {
  const { t } = useTranslation();
  return (
    <SidePanel
      id="documents-panel"
      open={open}
      desktop={desktop}
      title={t('documents.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      widthClass="w-[min(400px,36vw)]"
    >
      {(headingId, close) => (
        <DocumentsPanel
          sparkId={sparkId}
          onFile={onFile}
          onClose={close}
          headingId={headingId}
          {...(answerSource ? { answerSource } : {})}
          moreSources={moreSources}
          websiteCount={websiteCount}
        />
      )}
    </SidePanel>
  );
}
