import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SparkPanel } from './use-spark-panel';

/**
 * The new-spark assistant's "Upload documents" lands here with ?upload=pick: the documents panel
 * opens, and so does the file picker while the click that led here still counts as the user's.
 * Returns the hidden file input to click.
 */
export function useUploadPickRequest(sparkFound: boolean, setPanel: (panel: SparkPanel) => void) {
  const [params, setParams] = useSearchParams();
  const pickerRef = useRef<HTMLInputElement>(null);
  const wantsPicker = params.get('upload') === 'pick' && sparkFound;
  useEffect(() => {
    if (!wantsPicker) return;
    setPanel('documents');
    pickerRef.current?.click();
    const next = new URLSearchParams(params);
    next.delete('upload');
    setParams(next, { replace: true });
  }, [wantsPicker, params, setParams, setPanel]);
  return pickerRef;
}
