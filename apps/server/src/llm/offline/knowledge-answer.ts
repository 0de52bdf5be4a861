import type { Language } from '@sparks/contract';
import type { Passage } from '../prompt-format.js';
import { OFFLINE_TEXTS } from './offline-texts.js';
import { rankTexts } from './passage-ranker.js';

const MAX_PASSAGES = 3;
const SENTENCES_PER_PASSAGE = 2;

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/**
 * Answers a question from the passages alone: the best sentences of the best passages, each
 * followed by its [n] marker, or a plain "I don't know" when no passage shares a word with it.
 */
export function knowledgeAnswer(question: string, passages: readonly Passage[], language: Language): string {
  const texts = OFFLINE_TEXTS[language];
  const ranked = rankTexts(question, passages, (passage) => `${passage.title} ${passage.heading ?? ''} ${passage.text}`).filter((entry) => entry.score > 0);
  const best = ranked[0]?.score ?? 0;
  if (best === 0) return texts.noKnowledge;
  const parts = ranked
    .filter((entry) => entry.score >= best * 0.3)
    .slice(0, MAX_PASSAGES)
    .map(({ item }) => {
      const sentences = rankTexts(question, sentencesOf(item.text), (sentence) => sentence);
      const chosen = sentences.filter((entry) => entry.score > 0).slice(0, SENTENCES_PER_PASSAGE);
      const picked = (chosen.length > 0 ? chosen : sentences.slice(0, 1)).map((entry) => entry.item);
      // Keep the passage's own order so the sentences read as they were written.
      const ordered = sentencesOf(item.text).filter((sentence) => picked.includes(sentence));
      return `${ordered.join(' ')} [${item.marker}]`;
    });
  return [texts.foundIntro, ...parts].join('\n\n');
}
