import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { buttons, call, refusal, say, type AssistantTurn } from './assistant-turn.js';
import type { ScriptStep } from './script-step.js';

/** product.md §2 billing: the current plan card and the way to the plans. */
export function billingScript(turn: AssistantTurn): ScriptStep {
  const { texts } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  return say(
    turn.isStart ? texts.billingIntro : `${texts.notUnderstood}`,
    call(TOOLS.showPlan),
    buttons([
      { label: texts.seePlans, goto: '/billing?showPlans=true' },
      { label: texts.home, goto: '/' },
    ]),
  );
}
