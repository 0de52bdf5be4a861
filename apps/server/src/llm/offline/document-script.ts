import { definedTerm, headingTopic, topicInSentence } from '../../lib/heading-topic.js';
import { ADD_TO_INSTRUCTIONS, DOCUMENT_INTENTS } from '../document-intents.js';
import type { Passage, SparkSettings } from '../prompt-format.js';
import { BUILDER_TOOL_NAMES as TOOLS } from '../tool-names.js';
import type { ScriptStep } from './script-step.js';
import type { OfflineTexts } from './offline-texts.js';

const MAX_POINTS = 5;

const firstSentence = (text: string): string => (text.split(/(?<=[.!?])\s+/)[0] ?? text).slice(0, 240).trim();

/** A passage's topic: its heading, else its opening words. */
const topicOf = (passage: Passage): string => (passage.heading ?? passage.text.split(/\s+/).slice(0, 6).join(' ')).replace(/[.:;,]+$/, '').trim();

/**
 * What visitors could be asked about: the sections' titles, else the terms passages define,
 * never a passage's opening words, which are as likely "others" or half a sentence.
 */
const questionTopics = (passages: readonly Passage[]): string[] =>
  unique(
    passages.flatMap((passage) => (passage.heading ? headingTopic(passage.heading) : definedTerm(passage.text)) ?? []),
    (topic) => topic,
  ).slice(0, MAX_POINTS);

const unique = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = key(item).toLowerCase();
    if (!id || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
};

/**
 * What the offline builder does with the Spark's documents: summarise them, suggest questions,
 * propose changes drawn from them (as applicable `dochanges`), and apply "Add to the instructions".
 * Answers undefined when the message is about something else.
 */
export function documentStep(said: string, passages: readonly Passage[], texts: OfflineTexts, settings: SparkSettings): ScriptStep | undefined {
  const added = ADD_TO_INSTRUCTIONS.exec(said)?.[1]?.trim();
  if (added) {
    const base = settings.instructions === 'default' ? '' : settings.instructions;
    return { text: texts.instructionsAdded, toolCalls: [{ toolName: TOOLS.setInstructions, input: { instructions: `${base}\n${added}`.trim() } }] };
  }
  const intent = DOCUMENT_INTENTS.summarize.test(said)
    ? 'summarize'
    : DOCUMENT_INTENTS.suggestQuestions.test(said)
      ? 'suggest'
      : DOCUMENT_INTENTS.updateSpark.test(said)
        ? 'update'
        : undefined;
  if (!intent) return undefined;
  if (passages.length === 0) return { text: texts.documentNotReady, toolCalls: [] };
  const topics = unique(passages.slice(0, MAX_POINTS * 2), topicOf).slice(0, MAX_POINTS);
  if (intent === 'summarize') {
    const points = topics.map((passage) => `- **${topicOf(passage)}**: ${firstSentence(passage.text)} [${passage.marker}]`);
    return { text: [texts.summaryIntro, ...points].join('\n'), toolCalls: [] };
  }
  if (intent === 'suggest') {
    const asked = questionTopics(passages);
    if (asked.length === 0) return { text: texts.questionsNone, toolCalls: [] };
    return { text: [texts.questionsIntro, ...asked.map((topic) => `- ${texts.questionAbout(topicInSentence(topic))}`)].join('\n'), toolCalls: [] };
  }
  const title = passages[0]?.title ?? '';
  const subjects = topics
    .slice(0, 3)
    .map((passage) => topicOf(passage).toLowerCase())
    .join(', ');
  return {
    text: '',
    toolCalls: [
      {
        toolName: TOOLS.proposeChanges,
        input: {
          content: texts.proposalIntro,
          actions: [
            { label: texts.proposeWelcome, payload: texts.welcomeAbout(subjects) },
            { label: texts.proposeInstructions, payload: texts.instructionsAbout(title) },
          ],
        },
      },
    ],
  };
}
