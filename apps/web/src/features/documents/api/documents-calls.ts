import {
  deleteDocumentRoute,
  deleteWebsiteRoute,
  documentAllowanceRoute,
  getDocumentRoute,
  getPassageRoute,
  readDocumentAgainRoute,
  listDocumentsRoute,
  loadDocMessageRoute,
  uploadRoute,
  type DocumentAllowance,
  type DocumentPassage,
  type Language,
  type SparkDocument,
  type UploadResult,
} from '@sparks/contract';
import { apiCall } from '../../../lib/api-call';

export interface UploadRequest {
  sparkId: string;
  file: File;
  /** The builder chat's conversation, so the upload's messages join it. */
  conversationId?: string | null;
  /** The document this file is a new version of (it keeps answering until the new one is read). */
  replaces?: string | null;
  /** The interface's language: the builder's words about the upload come in it. */
  language?: Language;
  /** Fraction of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The document calls: POST /bucket (product.md §7) and the documents, passages and load-doc check. */
export const documentsCalls = {
  /** The documents the plan counts across the account, and its limit. */
  allowance: (): Promise<DocumentAllowance> => apiCall(documentAllowanceRoute, {}),
  async upload({ sparkId, file, conversationId, replaces, language, onProgress, signal }: UploadRequest): Promise<UploadResult> {
    const form = new FormData();
    form.append('sparkId', sparkId);
    if (conversationId) form.append('conversationId', conversationId);
    if (replaces) form.append('replaces', replaces);
    if (language) form.append('language', language);
    // The file goes last, so the server has read the fields when the bytes start.
    form.append('file', file, file.name);
    const [first] = await apiCall(uploadRoute, {
      body: form,
      signal,
      // An upload may take long on a slow line; the spec's 300 s time-out is for answers, not for sending.
      timeout: 0,
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.min(1, event.loaded / event.total));
      },
    });
    // product.md §3: an array whose first item describes the upload.
    return first as UploadResult;
  },

  list: async (sparkId: string): Promise<SparkDocument[]> => apiCall(listDocumentsRoute, { params: { sparkId } }),

  get: async (sparkId: string, documentId: string): Promise<SparkDocument> => apiCall(getDocumentRoute, { params: { sparkId, documentId } }),

  remove: async (sparkId: string, documentId: string): Promise<void> => {
    await apiCall(deleteDocumentRoute, { params: { sparkId, documentId } });
  },
  /** Reads the document's stored file again as its next version (the current one answers until then). */
  readAgain: async (sparkId: string, documentId: string): Promise<SparkDocument> => apiCall(readDocumentAgainRoute, { params: { sparkId, documentId } }),
  /** A website counts as one document: the limit dialog can free its place too. */
  removeWebsite: async (sparkId: string, websiteId: string): Promise<void> => {
    await apiCall(deleteWebsiteRoute, { params: { sparkId, websiteId } });
  },

  passage: async (sparkId: string, chunkId: string): Promise<DocumentPassage> => apiCall(getPassageRoute, { params: { sparkId, chunkId } }),

  /** product.md §7 POST /llm/load-doc-message: does this message ask to add a document? */
  async isDocumentLoadMessage(sparkId: string, content: string, sessionId: string | null): Promise<boolean> {
    const answer = await apiCall(loadDocMessageRoute, { body: { message: { type: 'human', content }, sparkId, sessionId } });
    return answer.isDocumentLoadMessage;
  },
};
