import { definedTerm, headingTopic, topicInSentence } from '../../lib/heading-topic.js';
import { ADD_TO_INSTRUCTIONS } from '../document-intents.js';
import type { BuilderIntent } from '../builder-intent.js';
import { documentOutline } from './document-outline.js';
import type { Passage, SparkSettings } from '../prompt-format.js';
import { BUILDER_TOOL_NAMES as TOOLS } from '../tool-names.js';
import type { ScriptStep } from './script-step.js';
import type { OfflineTexts } from './offline-texts.js';

const MAX_POINTS = 5;

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
export function documentStep(
  said: string,
  intent: BuilderIntent,
  passages: readonly Passage[],
  texts: OfflineTexts,
  settings: SparkSettings,
): ScriptStep | undefined {
  const added = ADD_TO_INSTRUCTIONS.exec(said)?.[1]?.trim();
  if (added) {
    const base = settings.instructions === 'default' ? '' : settings.instructions;
    return { text: texts.instructionsAdded, toolCalls: [{ toolName: TOOLS.setInstructions, input: { instructions: `${base}\n${added}`.trim() } }] };
  }
  if (!intent) return undefined;
  if (passages.length === 0) return { text: texts.documentNotReady, toolCalls: [] };
  // The same outline a visitor's "summarise it" gets: the documents' sections in order.
  if (intent === 'outline') return { text: documentOutline(passages, texts), toolCalls: [] };
  if (intent === 'suggest') {
    const asked = questionTopics(passages);
    if (asked.length === 0) return { text: texts.questionsNone, toolCalls: [] };
    return { text: [texts.questionsIntro, ...asked.map((topic) => `- ${texts.questionAbout(topicInSentence(topic))}`)].join('\n'), toolCalls: [] };
  }
  const title = passages[0]?.title ?? '';
  const subjects = unique(passages.slice(0, MAX_POINTS * 2), topicOf)
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
