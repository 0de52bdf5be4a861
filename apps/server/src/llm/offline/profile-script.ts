import { FIELD_LIMITS, type Language } from '@sparks/contract';
import type { AssistantState } from '../prompt-format.js';
import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { ASSISTANT_TEXTS } from './assistant-texts.js';
import { asked, buttons, call, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import { languageChoice } from './language-choice.js';
import type { ScriptStep } from './script-step.js';

type Profile = AssistantState['profile'];
/** What the profile's phone field accepts (the contract checks it again). */
const PHONE = new RegExp(`^[+\\d\\s().-]{5,${FIELD_LIMITS.phone}}$`);
const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** The first detail the profile still lacks, asked for; or the summary when nothing is missing. */
function nextProfileQuestion(turn: AssistantTurn, profile: Profile, prefix = ''): ScriptStep {
  const { texts } = turn;
  if (!filled(profile.firstname)) return say(`${prefix}${texts.askFirstname}`);
  if (!filled(profile.lastname)) return say(`${prefix}${texts.askLastname}`);
  if (!filled(profile.phone)) return say(`${prefix}${texts.askPhone}`);
  return say(
    `${prefix}${texts.profileDone}`,
    buttons([
      { label: texts.changeName, value: texts.changeName },
      { label: texts.changePhone, value: texts.changePhone },
      { label: texts.changeLanguage, value: texts.changeLanguage },
      { label: texts.home, goto: '/' },
    ]),
  );
}

/** product.md §2 profile topic: first name, last name, phone and preferred language, one question at a time. */
export function profileScript(turn: AssistantTurn): ScriptStep {
  const { texts, said } = turn;
  if (turn.results.length > 0) {
    const problem = refusal(turn);
    if (problem) return say(problem);
    const updated = turn.results.find((result) => result.toolName === TOOLS.updateProfile)?.value;
    if (updated) {
      // A new language answers in that language at once; any other change keeps the conversation's language.
      const language = updated.languageChanged === true ? ((updated.language as Language | undefined) ?? turn.language) : turn.language;
      return nextProfileQuestion(
        { ...turn, texts: ASSISTANT_TEXTS[language] },
        { ...turn.state.profile, ...(updated as Partial<Profile>), language },
        `${ASSISTANT_TEXTS[language].saved} `,
      );
    }
    return turn.results.some((result) => result.toolName === TOOLS.showProfile) ? nextProfileQuestion(turn, turn.state.profile) : say('');
  }
  if (turn.isStart) return say(texts.profileIntro, call(TOOLS.showProfile));
  if (chose(turn, 'changeName')) return say(texts.askFirstname);
  if (chose(turn, 'changePhone')) return say(texts.askPhone);
  if (chose(turn, 'changeLanguage')) return say(texts.askLanguage, languageChoice.buttons(turn));
  if (asked(turn, 'askFirstname')) return say('', call(TOOLS.updateProfile, { firstname: said.slice(0, FIELD_LIMITS.name) }));
  if (asked(turn, 'askLastname')) return say('', call(TOOLS.updateProfile, { lastname: said.slice(0, FIELD_LIMITS.name) }));
  if (asked(turn, 'askPhone') || asked(turn, 'phoneInvalid')) {
    return PHONE.test(said) ? say('', call(TOOLS.updateProfile, { phone: said })) : say(`${texts.phoneInvalid} ${texts.askPhone}`);
  }
  const language = languageChoice.named(said);
  if (language) return say('', call(TOOLS.updateProfile, { config: { language } }));
  return nextProfileQuestion(turn, turn.state.profile, `${texts.notUnderstood.split(/[.:]/)[0]}. `);
}
