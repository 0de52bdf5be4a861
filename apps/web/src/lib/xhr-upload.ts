import { NoAnswerError } from './no-answer-error';
import type { WireAnswer, WireRequest } from './wire-request';

/** The same request through XMLHttpRequest, whose upload events say how much of the body has left. */
export function sendWithProgress({ method, url, headers, body, signal, onUploadProgress }: WireRequest): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    const cancel = () => xhr.abort();
    xhr.onload = () => {
      signal.removeEventListener('abort', cancel);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          signal.removeEventListener('abort', cancel);
          reject(new NoAnswerError(signal.reason));
        };
    if (signal.aborted) return reject(new NoAnswerError(signal.reason));
    signal.addEventListener('abort', cancel, { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
