import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ATTACH_ACCEPT, LIMITS } from '@sparks/contract';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from './hidden-file-input';
import { LineIcon } from '../../../components/ui/line-icon';

interface AttachMenuProps {
  /** Controlled, so the screen can open it when a message asks to add a document. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** A connected document library to import from (product.md §6: offered only on the plan that includes it). */
  library?: { label: string; hint: string; onSelect: () => void };
  /** Offers a website to learn from; the screen opens its dialog (websites are another feature's). */
  onWebsite?: () => void;
}

const ITEM =
  'flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none data-[highlighted]:bg-primary-soft data-[disabled]:cursor-not-allowed';

function Entry({ icon, label, hint, badge }: { icon: ReactNode; label: string; hint: string; badge?: string }) {
  return (
    <>
      <span aria-hidden="true" className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-canvas text-primary">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 text-sm font-medium text-ink">
          {label}
          {badge && <span className="rounded-full bg-canvas px-2 py-0.5 text-[0.7rem] font-medium text-muted">{badge}</span>}
        </span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
    </>
  );
}

const DOCUMENT_ICON = <LineIcon d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" strokeWidth={1.8} />;
const IMAGE_ICON = <LineIcon d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" strokeWidth={1.8} />;
const LIBRARY_ICON = (
  <LineIcon d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM12 11v5M9.5 13.5 12 16l2.5-2.5" strokeWidth={1.8} />
);
// A browser window, not a globe: the globe is the header's Deploy (the Spark on websites).
const WEBSITE_ICON = (
  <LineIcon d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 9h18M6 6.5h.01M8.5 6.5h.01M7 13h10M7 16h6" strokeWidth={1.8} />
);
const DATABASE_ICON = (
  <LineIcon d="M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" strokeWidth={1.8} />
);

/**
 * product.md §2 attach menu of Spark chats: documents (PDF, Word, TXT, Markdown), images (photos and
 * scans, read by OCR) and databases (JSON), each opening the file picker for its own types; and,
 * when the screen offers it, a website, whose pages are read as the Spark's knowledge.
 */
export function AttachMenu({ open, onOpenChange, onFile, disabled = false, library, onWebsite }: AttachMenuProps) {
  const { t } = useTranslation();
  const documentRef = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLInputElement>(null);
  const databaseRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger
          disabled={disabled}
          aria-label={t('documents.attach.button')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-muted transition-colors hover:bg-primary-soft hover:text-primary disabled:cursor-not-allowed disabled:opacity-40 data-[state=open]:bg-primary-soft data-[state=open]:text-primary"
          data-testid="attach-button"
        >
          <LineIcon className="size-5" d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9.2-9.2a3.7 3.7 0 0 1 5.2 5.2l-9.2 9.2a1.8 1.8 0 0 1-2.6-2.6L15.8 6" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="start"
            sideOffset={8}
            collisionPadding={12}
            className="z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-white p-1.5 shadow-xl"
          >
            <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {t('documents.attach.heading')}
            </DropdownMenu.Label>
            <DropdownMenu.Item className={ITEM} onSelect={() => documentRef.current?.click()}>
              <Entry
                icon={DOCUMENT_ICON}
                label={t('documents.attach.document')}
                hint={t('documents.attach.documentHint', { max: LIMITS.uploadMaxMegabytes })}
              />
            </DropdownMenu.Item>
            {library && (
              <DropdownMenu.Item className={ITEM} onSelect={library.onSelect} data-testid="attach-library">
                <Entry icon={LIBRARY_ICON} label={library.label} hint={library.hint} />
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={ITEM} onSelect={() => imageRef.current?.click()}>
              <Entry icon={IMAGE_ICON} label={t('documents.attach.image')} hint={t('documents.attach.imageHint')} />
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => databaseRef.current?.click()}>
              <Entry icon={DATABASE_ICON} label={t('documents.attach.database')} hint={t('documents.attach.databaseHint')} />
            </DropdownMenu.Item>
            {onWebsite && (
              <DropdownMenu.Item className={ITEM} onSelect={onWebsite} data-testid="attach-website">
                <Entry icon={WEBSITE_ICON} label={t('documents.attach.website')} hint={t('documents.attach.websiteHint')} />
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <HiddenFileInput ref={documentRef} onFile={onFile} accept={ATTACH_ACCEPT.document} />
      <HiddenFileInput ref={imageRef} onFile={onFile} accept={ATTACH_ACCEPT.image} testId="image-file-input" />
      <HiddenFileInput ref={databaseRef} onFile={onFile} accept={ATTACH_ACCEPT.database} testId="database-file-input" />
    </>
  );
}
