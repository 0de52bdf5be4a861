import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FileDropZoneProps {
  onFile: (file: File) => void;
  children: ReactNode;
}

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * A file dropped onto the builder chat goes through the same upload dialog as the attach menu
 * (which stays the way for keyboards and touch screens); a hint covers the chat while dragging.
 */
export function FileDropZone({ onFile, children }: FileDropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  // Entering a child fires enter before the parent's leave: count, to know when the pointer really left.
  const depth = useRef(0);
  const reset = () => {
    depth.current = 0;
    setDragging(false);
  };
  return (
    <div
      className="relative flex min-h-0 min-w-0 flex-1 flex-col"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        reset();
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      {children}
      {dragging && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-2 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary bg-primary-soft/90 p-6 text-center"
          data-testid="file-drop-hint"
        >
          <p className="max-w-xs text-base font-semibold text-primary">{t('documents.drop')}</p>
        </div>
      )}
    </div>
  );
}
