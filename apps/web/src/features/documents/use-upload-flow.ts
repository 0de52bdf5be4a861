import { FALLBACK_LANGUAGE, LANGUAGES, TIMINGS_MS, type Language, type SparkDocument, type UploadResult } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { documentsCalls } from './api/documents-calls';
import { documentsKey, useRememberDocument } from './api/use-documents';
import { checkFile, uploadProblemOf } from './document-rules';
import { idleUpload, uploadFlowReducer, type UploadFlowAction, type UploadFlowState } from './upload-flow';

interface UploadFlowOptions {
  sparkId: string;
  /** The builder chat's conversation at the moment the upload starts. */
  conversationId: () => string | null;
  /** The upload is stored: its messages belong in the builder chat. */
  onUploaded?: (result: UploadResult) => void;
}

export type UploadFlow = ReturnType<typeof useUploadFlow>;

/** Drives the upload dialog (product.md §4): check, confirm, send with progress, name the result, close after 3 s. */
export function useUploadFlow({ sparkId, conversationId, onUploaded }: UploadFlowOptions) {
  const [state, dispatch] = useReducer(
    uploadFlowReducer as (state: UploadFlowState<File>, action: UploadFlowAction<File>) => UploadFlowState<File>,
    idleUpload as UploadFlowState<File>,
  );
  const remember = useRememberDocument(sparkId);
  const queryClient = useQueryClient();
  const controllerRef = useRef<AbortController | null>(null);
  const resolved = useTranslation().i18n.resolvedLanguage ?? '';
  const language: Language = (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : FALLBACK_LANGUAGE;
  const latest = useRef({ sparkId, conversationId, onUploaded, remember, language });
  useEffect(() => {
    latest.current = { sparkId, conversationId, onUploaded, remember, language };
  });

  // Leaving the screen abandons an upload still on its way.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const done = state.step === 'done';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => dispatch({ type: 'closed' }), TIMINGS_MS.postUploadDialogClose);
    return () => clearTimeout(timer);
  }, [done]);

  // The document a chosen file is a new version of (the documents panel's Replace), if any.
  const [replacing, setReplacing] = useState<SparkDocument | null>(null);
  const replacingRef = useRef<SparkDocument | null>(null);
  const choose = useCallback((file: File, replaces: SparkDocument | null = null) => {
    replacingRef.current = replaces;
    setReplacing(replaces);
    dispatch({ type: 'chosen', file, problem: checkFile(file) });
  }, []);

  const upload = useCallback(async (file: File) => {
    const { sparkId: spark, conversationId: current, language: spoken } = latest.current;
    const controller = new AbortController();
    controllerRef.current = controller;
    dispatch({ type: 'confirmed' });
    try {
      const result = await documentsCalls.upload({
        sparkId: spark,
        file,
        conversationId: current(),
        replaces: replacingRef.current?._id ?? null,
        language: spoken,
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: 'progressed', progress }),
      });
      if (controller.signal.aborted) return;
      latest.current.remember(result.document);
      latest.current.onUploaded?.(result);
      dispatch({ type: 'uploaded', document: result.document });
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof ApiError ? error : new ApiError(String(error));
      dispatch({ type: 'failed', problem: uploadProblemOf(failure, file) });
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  }, []);

  const confirm = useCallback(() => {
    if (state.step === 'confirm') void upload(state.file);
  }, [state, upload]);

  /** Closes the dialog; an upload still on its way is abandoned. */
  const close = useCallback(() => {
    if (controllerRef.current) {
      controllerRef.current.abort();
      controllerRef.current = null;
      // The server may have kept the file all the same: the list asks.
      void queryClient.invalidateQueries({ queryKey: documentsKey(latest.current.sparkId) });
    }
    dispatch({ type: 'closed' });
  }, [queryClient]);

  /** The same file again, after a failure the user may have fixed (the connection, a moment's wait). */
  const retry = useCallback(() => {
    if (state.step !== 'failed' && state.step !== 'limit') return;
    const file = state.file;
    dispatch({ type: 'chosen', file, problem: null });
    void upload(file);
  }, [state, upload]);

  return { state, replacing, choose, confirm, close, retry };
}
