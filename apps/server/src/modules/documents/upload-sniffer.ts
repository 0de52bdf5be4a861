import { Transform, type TransformCallback } from 'node:stream';
import { ERROR_CODES, UPLOAD_MESSAGES, type DeclaredFileType } from '@sparks/contract';
import { AppError } from '../../lib/app-error.js';
import { fileTypeMismatch, fits } from './declared-type.js';
import { SNIFF_BYTES, sniffKind, type SniffedFile } from './file-kind.js';

export const wrongFormat = () => new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, UPLOAD_MESSAGES.wrongFormat);
const emptyFile = () => new AppError(400, ERROR_CODES.EMPTY_FILE, UPLOAD_MESSAGES.emptyFile);

/**
 * Passes a file through while holding back its first bytes until they say what it is; a file
 * of a refused kind, or one that is not what its name says, stops the stream there, so it is
 * never stored.
 */
export class UploadSniffer extends Transform {
  sniffed: SniffedFile | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  constructor(
    private readonly fileName: string,
    private readonly declared: DeclaredFileType | undefined,
  ) {
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
    sniffKind(head.subarray(0, SNIFF_BYTES), this.fileName, complete).then(
      (sniffed) => {
        this.sniffed = sniffed;
        if (!sniffed) return done(wrongFormat());
        const { content } = sniffed;
        if (this.declared && content && !fits(this.declared, content)) return done(fileTypeMismatch(this.fileName, this.declared, content));
        done(null, head);
      },
      (error: unknown) => done(error as Error),
    );
  }
}
