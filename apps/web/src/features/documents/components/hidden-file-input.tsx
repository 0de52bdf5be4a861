import { UPLOAD_ACCEPT } from '@sparks/contract';
import type { Ref } from 'react';

interface HiddenFileInputProps {
  ref: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
  /** What the picker offers; every readable type unless an attach-menu entry narrows it. */
  accept?: readonly string[];
  testId?: string;
}

/** The file picker behind a visible button: it offers the accepted types and reports the file chosen. */
export function HiddenFileInput({ ref, onFile, accept = UPLOAD_ACCEPT, testId = 'document-file-input' }: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept.join(',')}
      tabIndex={-1}
      aria-hidden="true"
      className="hidden"
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Cleared at once, so choosing the same file again is noticed too.
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
