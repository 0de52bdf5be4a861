import type { Language } from '@sparks/contract';
import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { ASSISTANT_TEXTS } from './assistant-texts.js';
import { buttons, call, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import { languageChoice } from './language-choice.js';
import type { ScriptStep } from './script-step.js';

/** product.md §2 settings: the account at a glance, the language, and signing out. */
export function settingsScript(turn: AssistantTurn): ScriptStep {
  const { texts } = turn;
  if (turn.results.length > 0) {
    const problem = refusal(turn);
    if (problem) return say(problem);
    const updated = turn.results.find((result) => result.toolName === TOOLS.updateProfile);
    return updated ? say(ASSISTANT_TEXTS[(updated.value.language as Language | undefined) ?? turn.language].saved) : say('');
  }
  if (chose(turn, 'logout')) return say(texts.loggingOut, call(TOOLS.sendEvent, { event: 'logout' }));
  if (chose(turn, 'changeLanguage')) return say(texts.askLanguage, languageChoice.buttons(turn));
  const language = languageChoice.named(turn.said);
  if (language) return say('', call(TOOLS.updateProfile, { config: { language } }));
  return say(
    turn.isStart ? texts.settingsIntro : `${texts.notUnderstood}`,
    call(TOOLS.showProfile),
    buttons([
      { label: texts.editProfile, goto: '/profile' },
      { label: texts.changeLanguage, value: texts.changeLanguage },
      { label: texts.logout, value: texts.logout },
    ]),
  );
}
