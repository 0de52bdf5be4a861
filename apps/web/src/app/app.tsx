import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorDialogLoader } from '../components/ui/error-dialog-loader';
import { Spinner } from '../components/ui/spinner';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/** Shown only until the first translation file arrives, so it cannot use translated text. */
function FirstLoad() {
  return (
    <div className="flex h-full items-center justify-center text-primary">
      <Spinner label="Loading… / Cargando…" className="size-8" />
    </div>
  );
}

export function App() {
  return (
    <Suspense fallback={<FirstLoad />}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ErrorDialogLoader />
      </QueryClientProvider>
    </Suspense>
  );
}
