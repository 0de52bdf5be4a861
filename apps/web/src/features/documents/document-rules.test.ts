import { LIMITS, type Citation, type RetrievedPassage } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_POLL_MS,
  checkFile,
  documentCount,
  excerptSpan,
  isCited,
  pageCount,
  pageRangesLabel,
  pollInterval,
  rankedSources,
  scoreLabel,
  uploadProblemOf,
} from './document-rules';

const source = (marker: number, score: number, chunkId = `c${marker}`): RetrievedPassage => ({
  marker,
  chunkId,
  documentId: 'd1',
  title: 'Policy.pdf',
  score,
  excerpt: 'Returns are accepted within 30 days.',
});

describe('checks before an upload (product.md §5)', () => {
  it('accepts every type of the attach menu, and text and Markdown, by extension in any case', () => {
    for (const name of [
      'a.pdf',
      'A.PDF',
      'notes.docx',
      'old.doc',
      'photo.JPG',
      'photo.jpeg',
      'scan.png',
      'data.json',
      'readme.txt',
      'guide.md',
      'my.report.v2.Pdf',
    ])
      expect(checkFile({ name, size: 10 }), name).toBeNull();
  });

  it('refuses other formats', () => {
    for (const name of ['anim.gif', 'sheet.xls', 'page.html', 'pdf', '.pdf', 'archive.pdf.zip', 'noextension']) {
      expect(checkFile({ name, size: 10 }), name).toEqual({ kind: 'wrongFormat' });
    }
  });

  it('allows exactly 10 MB and refuses a byte more, naming the size rounded up', () => {
    expect(checkFile({ name: 'a.pdf', size: LIMITS.uploadMaxBytes })).toBeNull();
    expect(checkFile({ name: 'a.pdf', size: LIMITS.uploadMaxBytes + 1 })).toEqual({ kind: 'tooLarge', megabytes: '10.1' });
    expect(checkFile({ name: 'a.pdf', size: 12.5 * 1024 * 1024 })).toEqual({ kind: 'tooLarge', megabytes: '12.5' });
  });

  it('refuses an empty file before sending it, after the format', () => {
    expect(checkFile({ name: 'blank.txt', size: 0 })).toEqual({ kind: 'empty' });
    expect(checkFile({ name: 'blank.gif', size: 0 })).toEqual({ kind: 'wrongFormat' });
    expect(checkFile({ name: 'one.txt', size: 1 })).toBeNull();
  });

  it('reports the format before the size', () => {
    expect(checkFile({ name: 'huge.gif', size: LIMITS.uploadMaxBytes * 3 })).toEqual({ kind: 'wrongFormat' });
  });
});

describe('failed uploads, by status and code', () => {
  const file = { name: 'price-list.pdf', size: 11 * 1024 * 1024 };
  it('takes a mismatch before any other 415, naming the file the owner chose', () => {
    const failure = { status: 415, code: 'FILE_TYPE_MISMATCH', mismatch: { declared: 'pdf', found: 'text' } } as const;
    expect(uploadProblemOf(failure, file)).toEqual({ kind: 'mismatch', name: 'price-list.pdf', declared: 'pdf', found: 'text' });
    // Without what it found (an older server), it is worded as a wrong format.
    expect(uploadProblemOf({ status: 415, code: 'FILE_TYPE_MISMATCH' }, file)).toEqual({ kind: 'wrongFormat' });
  });
  it.each([
    [{ status: 402, code: 'LIMIT_REACHED' }, { kind: 'limitReached' }],
    // A server of the previous version answered the document limit so.
    [{ status: 402, code: 'PAYMENT_REQUIRED' }, { kind: 'limitReached' }],
    [{ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }, { kind: 'wrongFormat' }],
    [
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
      { kind: 'tooLarge', megabytes: '11.0' },
    ],
    [{ status: 404, code: 'NOT_FOUND' }, { kind: 'sparkNotFound' }],
    [{ status: 400, code: 'VALIDATION_FAILED' }, { kind: 'rejected' }],
    [{ status: 400, code: 'EMPTY_FILE' }, { kind: 'empty' }],
    [{ status: 429, code: 'RATE_LIMITED' }, { kind: 'rateLimited' }],
    [{}, { kind: 'network' }],
    [{ status: 500, code: 'INTERNAL' }, { kind: 'generic' }],
  ])('%o means %o', (failure, problem) => {
    expect(uploadProblemOf(failure, file)).toEqual(problem);
  });
});

describe('the documents list', () => {
  it('polls while a document is queued or processing, and stops once all are settled', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval([{ status: 'ready' }, { status: 'queued' }])).toBe(DOCUMENTS_POLL_MS);
    expect(pollInterval([{ status: 'processing' }])).toBe(DOCUMENTS_POLL_MS);
    expect(pollInterval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
  });

  it('counts a new version beside the one it replaces as the same document', () => {
    expect(documentCount([])).toBe(0);
    expect(documentCount([{ _id: 'd1' }, { _id: 'd2' }])).toBe(2);
    // Read again or replaced: both versions are listed until the new one is ready, or after it failed.
    expect(documentCount([{ _id: 'd1' }, { _id: 'd3', replaces: 'd1' }, { _id: 'd2' }])).toBe(2);
    // Once the old version is gone, the new one is the document.
    expect(documentCount([{ _id: 'd3', replaces: 'd1' }, { _id: 'd2' }])).toBe(2);
  });

  it('writes page ranges as a reader would, and counts their pages', () => {
    expect(pageRangesLabel([{ from: 3, to: 9 }])).toBe('3–9');
    expect(pageRangesLabel([{ from: 4, to: 4 }])).toBe('4');
    expect(
      pageRangesLabel([
        { from: 2, to: 2 },
        { from: 5, to: 7 },
      ]),
    ).toBe('2, 5–7');
    expect(pageCount([{ from: 4, to: 4 }])).toBe(1);
    expect(
      pageCount([
        { from: 2, to: 2 },
        { from: 5, to: 7 },
      ]),
    ).toBe(4);
  });
});

describe('the retrieval inspector', () => {
  it('marks a source cited by its chunk, or by its marker when the citation has no chunk', () => {
    const byChunk: Citation[] = [{ marker: 9, title: 'Policy.pdf', excerpt: '', chunkId: 'c2' }];
    expect(isCited(source(2, 0.5), byChunk)).toBe(true);
    expect(isCited(source(9, 0.5), byChunk)).toBe(false);
    const byMarker: Citation[] = [{ marker: 1, title: 'Instructions', excerpt: '' }];
    expect(isCited(source(1, 0.5), byMarker)).toBe(true);
    expect(isCited(source(2, 0.5), byMarker)).toBe(false);
  });

  it('ranks sources best first, equal scores by marker', () => {
    expect(rankedSources([source(1, 0.2), source(3, 0.9), source(2, 0.9)]).map((item) => item.marker)).toEqual([2, 3, 1]);
  });

  it('shows scores with two decimals', () => {
    expect(scoreLabel(0.8349)).toBe('0.83');
    expect(scoreLabel(1)).toBe('1.00');
    expect(scoreLabel(Number.NaN)).toBe('–');
  });
});

describe('the cited part of a passage', () => {
  const text = 'Section 4. Returns are accepted within 30 days with the receipt. Store credit is offered after that.';
  it('is found whole, or by its start when the excerpt was cut with an ellipsis', () => {
    expect(excerptSpan(text, 'Returns are accepted within 30 days with the receipt.')).toEqual({ start: 11, end: 64 });
    const cut = excerptSpan(text, 'Returns are accepted within 30 days with the receipt. Store…');
    expect(cut && text.slice(cut.start, cut.end)).toBe('Returns are accepted within 30 days with the receipt. Store');
    const rewritten = excerptSpan(text, '…accepted within 30 days with the receipt, or so it says…');
    expect(rewritten && text.slice(rewritten.start, rewritten.end)).toBe('accepted within 30 days with the receipt');
  });

  it('marks whole words when the excerpt was cut inside one', () => {
    const cut = excerptSpan(text, 'Returns are accepted within 30 days with the rece…');
    expect(cut && text.slice(cut.start, cut.end)).toBe('Returns are accepted within 30 days with the receipt');
    const late = excerptSpan(text, '…turns are accepted within 30 days');
    expect(late && text.slice(late.start, late.end)).toBe('Returns are accepted within 30 days');
  });

  it('is not guessed when too short or absent', () => {
    expect(excerptSpan(text, '30 days')).toBeNull();
    expect(excerptSpan(text, 'Nothing of this appears in the passage')).toBeNull();
  });
});
