import { ERROR_CODES } from '@sparks/contract';
import { AppError } from './app-error.js';

/** The model took longer than its limit: the user may simply try again. */
export const modelTimedOut = () =>
  new AppError(504, ERROR_CODES.MODEL_UNAVAILABLE, 'The assistant took too long to answer. Your conversation is unchanged; please try again.');

/** The model failed in any other way (provider error, malformed stream); a stream that breaks midway ends with it too. */
export const modelFailed = () =>
  new AppError(502, ERROR_CODES.MODEL_UNAVAILABLE, 'The assistant could not answer right now. Your conversation is unchanged; please try again in a moment.');
