import { Transform, type TransformCallback } from 'node:stream';
import { ERROR_CODES, UPLOAD_MESSAGES } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import { SNIFF_BYTES, sniffKind, type SniffedKind } from './file-kind.js';

export const wrongFormat = () => new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, UPLOAD_MESSAGES.wrongFormat);
const emptyFile = () => new AppError(400, ERROR_CODES.EMPTY_FILE, UPLOAD_MESSAGES.emptyFile);

/**
 * Passes a file through while holding back its first bytes until they say what it is; a file
 * of a refused kind stops the stream there, so it is never stored.
 */
export class UploadSniffer extends Transform {
  kind: SniffedKind | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  constructor(private readonly fileName: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.decide(false, done);
  }

  override _flush(done: TransformCallback): void {
    if (this.decided) return done();
    this.decide(true, done);
  }

  private decide(complete: boolean, done: TransformCallback): void {
    this.decided = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    // Told at once rather than kept and then failed: an empty file has nothing to read.
    if (complete && head.length === 0) return done(emptyFile());
    this.kind = sniffKind(head.subarray(0, SNIFF_BYTES), this.fileName, complete);
    if (!this.kind) return done(wrongFormat());
    done(null, head);
  }
}
