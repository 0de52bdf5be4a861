import type { JobDefinition } from '../../jobs/job-queue.js';
import type { ChannelTurnsService } from '../channels/channel-turns-service.js';

export const HAND_BACK_ANSWER_JOB = 'hand-back-answer';
/** A model's answer, within its own timeouts. */
const ANSWER_TIMEOUT_SECONDS = 5 * 60;

/**
 * A website visitor's conversation was handed back: the question the person left unanswered is
 * answered (or the visitor asked to ask again on the last try), and reaches their widget through
 * its live stream. Answering twice is not possible: an answered question is no longer left unanswered.
 */
export function handBackAnswerJob(channels: ChannelTurnsService): JobDefinition<{ sparkId: string; visitorHash: string }> {
  return {
    expireInSeconds: ANSWER_TIMEOUT_SECONDS,
    retryLimit: 2,
    handle: async ({ sparkId, visitorHash }, { lastAttempt }) => void (await channels.leftUnanswered(sparkId, visitorHash, 'en', lastAttempt)),
  };
}
