import type { ChatButton, Language } from '@sparks/contract';
import type { AssistantState } from '../prompt-format.js';
import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { ASSISTANT_TEXTS, type AssistantTexts } from './assistant-texts.js';
import type { ToolResult } from './last-tool-results.js';
import type { ScriptStep } from './script-step.js';

/** Where one system-assistant turn stands, as the offline scripts read it from the prompt. */
export interface AssistantTurn {
  state: AssistantState;
  language: Language;
  texts: AssistantTexts;
  /** What the user just said ('' when the screen opened the conversation). */
  said: string;
  /** The assistant's previous message, in which its last question is found. */
  lastAssistant: string;
  isStart: boolean;
  /** Results of the tools called in this turn's previous step, when the script continues after them. */
  results: ToolResult[];
}

type QuestionKey = {
  [K in keyof AssistantTexts]: AssistantTexts[K] extends string ? K : never;
}[keyof AssistantTexts];

/** Whether the previous assistant message asked this question, in either language. */
export const asked = (turn: AssistantTurn, key: QuestionKey): boolean =>
  turn.lastAssistant.includes(ASSISTANT_TEXTS.en[key]) || turn.lastAssistant.includes(ASSISTANT_TEXTS.es[key]);

/** The user's words equal a label (a button they pressed), in either language. */
export const chose = (turn: AssistantTurn, key: QuestionKey): boolean => {
  const said = turn.said.trim().toLowerCase();
  return said === ASSISTANT_TEXTS.en[key].toLowerCase() || said === ASSISTANT_TEXTS.es[key].toLowerCase();
};

export const say = (text: string, ...toolCalls: ScriptStep['toolCalls']): ScriptStep => ({ text, toolCalls });
export const call = (toolName: string, input: Record<string, unknown> = {}): ScriptStep['toolCalls'][number] => ({ toolName, input });
export const buttons = (items: ChatButton[]) => call(TOOLS.showButtons, { buttons: items });

/** The first refusal among the previous step's tool results, if any. */
export const refusal = (turn: AssistantTurn): string | undefined =>
  turn.results.map((result) => result.value.error).find((error): error is string => typeof error === 'string');
