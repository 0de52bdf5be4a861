import { lazy, Suspense, useState } from 'react';
import { useErrorDialog } from '../../lib/error-dialog-store';

const ErrorDialog = lazy(async () => ({ default: (await import('./error-dialog')).ErrorDialog }));

/**
 * The generic error dialog, loaded the first time there is an error to show: most visits never
 * need it, and its dialog library is not needed to paint the first screen. Once loaded it stays,
 * so it closes exactly as it always has.
 */
export function ErrorDialogLoader() {
  const hasMessage = useErrorDialog((state) => state.message !== null);
  const [needed, setNeeded] = useState(false);
  if (hasMessage && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog />
    </Suspense>
  );
}
