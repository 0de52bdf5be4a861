/** Upload progress as the browser reports it: bytes sent so far, and the total when it is known. */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** One request as it goes on the wire; the client has already resolved its address and headers. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** What came back: any status, with the body as text (the client decides how to read it). */
export interface WireAnswer {
  status: number;
  text: string;
}
