import { START_MESSAGES } from '@sparks/contract';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ResponderRequest } from '../responder-request.js';
import { ASSISTANT_TEXTS } from './assistant-texts.js';
import type { AssistantTurn } from './assistant-turn.js';
import { billingScript } from './billing-script.js';
import { deployScript } from './deploy-script.js';
import { mainChatScript } from './main-chat-script.js';
import { onboardingScript } from './onboarding-script.js';
import { profileScript } from './profile-script.js';
import { settingsScript } from './settings-script.js';
import { newSparkScript } from './new-spark-script.js';
import { lastToolResults } from './last-tool-results.js';
import { textOf } from './text-of.js';
import type { ScriptStep } from './script-step.js';

const SCRIPTS: Record<string, (turn: AssistantTurn) => ScriptStep> = {
  'new-spark': newSparkScript,
  profile: profileScript,
  settings: settingsScript,
  billing: billingScript,
  deploy: deployScript,
  onboarding: onboardingScript,
  main_chat: mainChatScript,
};

/** The offline system assistant: one scripted flow per topic, acting through the same tools a model would call. */
export function assistantScript(prompt: LanguageModelV3Prompt, { state, language }: Extract<ResponderRequest, { kind: 'assistant' }>): ScriptStep {
  const conversation = prompt.filter((message) => message.role !== 'system');
  const said = textOf(conversation.findLast((message) => message.role === 'user'));
  const turn: AssistantTurn = {
    state,
    language,
    texts: ASSISTANT_TEXTS[language],
    said,
    lastAssistant: textOf(conversation.findLast((message) => message.role === 'assistant')),
    isStart: said === '' || Object.values(START_MESSAGES).some((phrase) => phrase.toLowerCase() === said.toLowerCase()),
    results: lastToolResults(prompt),
  };
  return (SCRIPTS[state.topic] ?? mainChatScript)(turn);
}
