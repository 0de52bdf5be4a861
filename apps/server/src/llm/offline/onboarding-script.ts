import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { buttons, call, refusal, say, type AssistantTurn } from './assistant-turn.js';
import { plainMarkdown } from './plain-markdown.js';
import type { ScriptStep } from './script-step.js';

/** product.md §2 onboarding: what getting a first Spark online takes, and the tutorial. */
export function onboardingScript(turn: AssistantTurn): ScriptStep {
  const { texts, state } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  const name = state.profile.firstname?.trim() || state.profile.email.split('@')[0] || '';
  return say(
    turn.isStart ? texts.onboardingIntro(plainMarkdown(name)) : texts.notUnderstood,
    call(TOOLS.showOnboarding),
    buttons([
      { label: texts.startTutorial, goto: '/spark/onboarding?activateTutorial=true' },
      { label: texts.firstSpark, goto: '/new-spark' },
    ]),
  );
}
