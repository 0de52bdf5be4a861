import { SUGGESTED_QUESTION_CHARS, type Language } from '@sparks/contract';
import { headingTopic, topicInSentence } from '../../lib/heading-topic.js';
import { foldText } from '../../lib/fold-text.js';

/** How many questions the deploy panel proposes to pick from. */
export const PROPOSED_QUESTIONS_MAX = 6;

/** One heading of a Spark's ready documents, with how much of them it names and where it first appears. */
export interface HeadingCandidate {
  heading: string;
  language: Language | null;
  /** Chunks under the heading, across the documents. */
  chunks: number;
  /** The heading a document opens with: mostly its title, which says less than its sections. */
  opening?: boolean;
}

/** A heading read as a question by itself (an FAQ entry) is offered as it is. */
const QUESTION = /^¿.*\?$|\?$/;

/** A visitor's question about a section, in the document's language. */
export function questionAbout(title: string, language: Language | null): string {
  if (QUESTION.test(title)) return title;
  const topic = topicInSentence(title);
  return language === 'es' ? `¿Qué debo saber sobre ${topic}?` : `What should I know about ${topic}?`;
}

/**
 * Questions to offer a Spark's visitors, from its documents' headings: sections before the headings
 * documents open with, the ones naming the most of the documents first, then in the documents' order
 * (as `candidates` come), one per topic, none already among `taken`, each short enough to be saved as it is.
 */
export function proposeQuestions(candidates: readonly HeadingCandidate[], taken: readonly string[], limit = PROPOSED_QUESTIONS_MAX): string[] {
  const topics = new Map<string, { title: string; language: Language | null; chunks: number; order: number; opening: boolean }>();
  candidates.forEach((candidate, order) => {
    const title = headingTopic(candidate.heading);
    if (!title) return;
    const key = foldText(title);
    const known = topics.get(key);
    if (known) {
      known.chunks += candidate.chunks;
      known.opening &&= candidate.opening === true;
    } else topics.set(key, { title, language: candidate.language, chunks: candidate.chunks, order, opening: candidate.opening === true });
  });
  const seen = new Set(taken.map(foldText));
  const proposed: string[] = [];
  const ranked = [...topics.values()].sort((a, b) => Number(a.opening) - Number(b.opening) || b.chunks - a.chunks || a.order - b.order);
  for (const topic of ranked) {
    const question = questionAbout(topic.title, topic.language);
    if (question.length > SUGGESTED_QUESTION_CHARS || seen.has(foldText(question))) continue;
    seen.add(foldText(question));
    proposed.push(question);
    if (proposed.length === limit) break;
  }
  return proposed;
}
