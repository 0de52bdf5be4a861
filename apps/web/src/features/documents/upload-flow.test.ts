import type { SparkDocument } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { idleUpload, uploadFlowReducer, type UploadFlowAction, type UploadFlowState } from './upload-flow';

const file = { name: 'Returns policy.pdf', size: 2048 };
const document: SparkDocument = {
  _id: 'd1',
  sparkId: 's1',
  name: 'Returns policy.pdf',
  kind: 'pdf',
  sizeBytes: 2048,
  status: 'queued',
  pages: null,
  chunks: 0,
  language: null,
  problem: null,
  version: 1,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};
const run = (...actions: UploadFlowAction[]) => actions.reduce<UploadFlowState>(uploadFlowReducer, idleUpload);

describe('upload flow (product.md §4)', () => {
  it('asks for confirmation, sends with growing progress, then names the document', () => {
    expect(run({ type: 'chosen', file, problem: null })).toEqual({ step: 'confirm', file });
    const sending = run(
      { type: 'chosen', file, problem: null },
      { type: 'confirmed' },
      { type: 'progressed', progress: 0.6 },
      { type: 'progressed', progress: 0.4 },
    );
    expect(sending).toEqual({ step: 'uploading', file, progress: 0.6 });
    expect(uploadFlowReducer(sending, { type: 'progressed', progress: 3 })).toMatchObject({ progress: 1 });
    expect(uploadFlowReducer(sending, { type: 'uploaded', document })).toEqual({ step: 'done', file, document });
  });

  it('goes straight to the failure when the file cannot be sent, and cancelling leaves nothing', () => {
    expect(run({ type: 'chosen', file, problem: { kind: 'wrongFormat' } })).toEqual({ step: 'failed', file, problem: { kind: 'wrongFormat' } });
    expect(run({ type: 'chosen', file, problem: null }, { type: 'closed' })).toEqual(idleUpload);
    // Confirming a failure sends nothing.
    expect(run({ type: 'chosen', file, problem: { kind: 'wrongFormat' } }, { type: 'confirmed' }).step).toBe('failed');
  });

  it('switches to the limit on a 402 and to the failure otherwise', () => {
    const sending = run({ type: 'chosen', file, problem: null }, { type: 'confirmed' });
    expect(uploadFlowReducer(sending, { type: 'failed', problem: { kind: 'limitReached' } })).toEqual({ step: 'limit', file });
    expect(uploadFlowReducer(sending, { type: 'failed', problem: { kind: 'network' } })).toEqual({ step: 'failed', file, problem: { kind: 'network' } });
  });

  it('ignores late events of an upload that was cancelled, and a new file while one is on its way', () => {
    const closed = run({ type: 'chosen', file, problem: null }, { type: 'confirmed' }, { type: 'closed' });
    expect(uploadFlowReducer(closed, { type: 'uploaded', document })).toEqual(idleUpload);
    expect(uploadFlowReducer(closed, { type: 'progressed', progress: 0.5 })).toEqual(idleUpload);
    const sending = run({ type: 'chosen', file, problem: null }, { type: 'confirmed' });
    expect(uploadFlowReducer(sending, { type: 'chosen', file: { name: 'other.pdf', size: 1 }, problem: null })).toBe(sending);
  });
});
