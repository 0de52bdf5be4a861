import type { SparkDocument } from '@sparks/contract';
import type { UploadProblem } from './document-rules';

/** A file as the upload dialog needs it (a File, or anything with its name and size in tests). */
export interface PickedFile {
  name: string;
  size: number;
}

/**
 * product.md §4 upload flow: a file is chosen, confirmed (or cancelled), sent with its progress, and
 * the dialog names the document for a moment before closing. A 402 shows the limit instead.
 */
export type UploadFlowState<F extends PickedFile = PickedFile> =
  | { step: 'idle' }
  | { step: 'confirm'; file: F }
  | { step: 'uploading'; file: F; progress: number }
  | { step: 'done'; file: F; document: SparkDocument }
  | { step: 'limit'; file: F }
  | { step: 'failed'; file: F; problem: UploadProblem };

export type UploadFlowAction<F extends PickedFile = PickedFile> =
  | { type: 'chosen'; file: F; problem: UploadProblem | null }
  | { type: 'confirmed' }
  | { type: 'progressed'; progress: number }
  | { type: 'uploaded'; document: SparkDocument }
  | { type: 'failed'; problem: UploadProblem }
  | { type: 'closed' };

export const idleUpload = { step: 'idle' } as const;

export function uploadFlowReducer<F extends PickedFile>(state: UploadFlowState<F>, action: UploadFlowAction<F>): UploadFlowState<F> {
  switch (action.type) {
    case 'chosen':
      // A choice made while a file is on its way waits for that one.
      if (state.step === 'uploading') return state;
      return action.problem ? { step: 'failed', file: action.file, problem: action.problem } : { step: 'confirm', file: action.file };
    case 'confirmed':
      return state.step === 'confirm' ? { step: 'uploading', file: state.file, progress: 0 } : state;
    case 'progressed':
      // Progress only grows: a late event never moves the bar back.
      return state.step === 'uploading' ? { ...state, progress: Math.max(state.progress, Math.min(1, action.progress)) } : state;
    case 'uploaded':
      return state.step === 'uploading' ? { step: 'done', file: state.file, document: action.document } : state;
    case 'failed':
      if (state.step !== 'uploading') return state;
      return action.problem.kind === 'limitReached' ? { step: 'limit', file: state.file } : { step: 'failed', file: state.file, problem: action.problem };
    case 'closed':
      return { step: 'idle' };
  }
}
