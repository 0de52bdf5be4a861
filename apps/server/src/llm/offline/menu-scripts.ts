import { LANGUAGES, type Language } from '@sparks/contract';
import type { AssistantState } from '../prompt-format.js';
import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { ASSISTANT_TEXTS } from './assistant-texts.js';
import { asked, buttons, call, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import type { ScriptStep } from './script-step.js';

type Profile = AssistantState['profile'];
const PHONE = /^[+\d\s().-]{5,40}$/;
const filled = (value: string | null | undefined) => Boolean(value?.trim());

function languageChoices(turn: AssistantTurn) {
  return buttons(LANGUAGES.map((code) => ({ label: turn.texts.languageNames[code], value: turn.texts.languageNames[code] })));
}

/** The language a user picked by its name, in either language. */
function languageNamed(said: string): Language | undefined {
  const wanted = said.trim().toLowerCase();
  return LANGUAGES.find((code) => [ASSISTANT_TEXTS.en.languageNames[code], ASSISTANT_TEXTS.es.languageNames[code], code].some((name) => name.toLowerCase() === wanted));
}

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

/** Spec §2 profile topic: first name, last name, phone and preferred language, one question at a time. */
export function profileScript(turn: AssistantTurn): ScriptStep {
  const { texts, said } = turn;
  if (turn.results.length > 0) {
    const problem = refusal(turn);
    if (problem) return say(problem);
    const updated = turn.results.find((result) => result.toolName === TOOLS.updateProfile)?.value;
    if (updated) {
      // A new language answers in that language at once.
      const language = (updated.language as Language | undefined) ?? turn.language;
      return nextProfileQuestion({ ...turn, texts: ASSISTANT_TEXTS[language] }, { ...turn.state.profile, ...(updated as Partial<Profile>) }, `${ASSISTANT_TEXTS[language].saved} `);
    }
    return turn.results.some((result) => result.toolName === TOOLS.showProfile) ? nextProfileQuestion(turn, turn.state.profile) : say('');
  }
  if (turn.isStart) return say(texts.profileIntro, call(TOOLS.showProfile));
  if (chose(turn, 'changeName')) return say(texts.askFirstname);
  if (chose(turn, 'changePhone')) return say(texts.askPhone);
  if (chose(turn, 'changeLanguage')) return say(texts.askLanguage, languageChoices(turn));
  if (asked(turn, 'askFirstname')) return say('', call(TOOLS.updateProfile, { firstname: said.slice(0, 100) }));
  if (asked(turn, 'askLastname')) return say('', call(TOOLS.updateProfile, { lastname: said.slice(0, 100) }));
  if (asked(turn, 'askPhone') || asked(turn, 'phoneInvalid')) {
    return PHONE.test(said) ? say('', call(TOOLS.updateProfile, { phone: said })) : say(`${texts.phoneInvalid} ${texts.askPhone}`);
  }
  const language = languageNamed(said);
  if (language) return say('', call(TOOLS.updateProfile, { config: { language } }));
  return nextProfileQuestion(turn, turn.state.profile, `${texts.notUnderstood.split(/[.:]/)[0]}. `);
}

/** Spec §2 settings: the account at a glance, the language, and signing out. */
export function settingsScript(turn: AssistantTurn): ScriptStep {
  const { texts } = turn;
  if (turn.results.length > 0) {
    const problem = refusal(turn);
    if (problem) return say(problem);
    const updated = turn.results.find((result) => result.toolName === TOOLS.updateProfile);
    return updated ? say(ASSISTANT_TEXTS[(updated.value.language as Language | undefined) ?? turn.language].saved) : say('');
  }
  if (chose(turn, 'logout')) return say(texts.loggingOut, call(TOOLS.sendEvent, { event: 'logout' }));
  if (chose(turn, 'changeLanguage')) return say(texts.askLanguage, languageChoices(turn));
  const language = languageNamed(turn.said);
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

/** Spec §2 billing: the current plan card and the way to the plans. */
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

/** Spec §2 deploy: choose a Spark, copy its code, check it is live — each step reported as it is done. */
export function deployScript(turn: AssistantTurn): ScriptStep {
  const { texts, state, said } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  if (state.sparks.length === 0) return say(texts.noSparks, buttons([{ label: texts.createSpark, goto: '/new-spark' }]));
  if (chose(turn, 'copied')) return say(texts.askLive, call(TOOLS.reportDeployStep, { step: 'snippet' }), buttons([{ label: texts.live, value: texts.live }]));
  if (chose(turn, 'live')) {
    return say(texts.deployed, call(TOOLS.reportDeployStep, { step: 'live' }), buttons([{ label: texts.home, goto: '/' }]));
  }
  const wanted = said.trim().toLowerCase();
  const spark = state.sparks.find((item) => item.name.trim().toLowerCase() === wanted || item.sparkId === wanted);
  if (spark) return say(texts.codeIntro(spark.name), call(TOOLS.showEmbedCode, { sparkId: spark.sparkId }), buttons([{ label: texts.copied, value: texts.copied }]));
  return say(
    turn.isStart || asked(turn, 'chooseSpark') ? texts.chooseSpark : `${texts.notUnderstood.split(/[.:]/)[0]}. ${texts.chooseSpark}`,
    buttons(state.sparks.slice(0, 6).map((item) => ({ label: item.name.slice(0, 80), value: item.name.slice(0, 200) }))),
  );
}

/** Spec §2 onboarding: what getting a first Spark online takes, and the tutorial. */
export function onboardingScript(turn: AssistantTurn): ScriptStep {
  const { texts, state } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  const name = state.profile.firstname?.trim() || state.profile.email.split('@')[0] || '';
  return say(
    turn.isStart ? texts.onboardingIntro(name) : texts.notUnderstood,
    call(TOOLS.showOnboarding),
    buttons([
      { label: texts.startTutorial, goto: '/spark/onboarding?activateTutorial=true' },
      { label: texts.firstSpark, goto: '/new-spark' },
    ]),
  );
}

const TOPIC_WORDS: Array<[keyof AssistantTurn['texts']['answers'], RegExp, { goto: string; label: 'createSpark' | 'deploy' | 'seePlans' | 'editProfile' } | null]> = [
  ['documents', /\b(documents?|pdf|word|files?|upload|sub(?:ir|o)|archivos?|documentos?)\b/i, null],
  ['test', /\b(test|tests|testing|prueba|pruebas|probar)\b/i, null],
  ['deploy', /\b(deploy|website|widget|web|embed|install|despleg\w*|instal\w*|p[aá]gina)\b/i, { goto: '/deploy', label: 'deploy' }],
  ['plans', /\b(plans?|price|prices|pricing|cost|pay|billing|trial|planes?|precios?|cuesta|pago|prueba gratuita|factura\w*)\b/i, { goto: '/billing', label: 'seePlans' }],
  ['profile', /\b(profile|name|phone|language|perfil|nombre|tel[eé]fono|idioma)\b/i, { goto: '/profile', label: 'editProfile' }],
  ['create', /\b(create|new|make|build|start|crear|nuevo|hacer|empezar)\b/i, { goto: '/new-spark', label: 'createSpark' }],
];

/** The home screen's assistant: answers questions about using Sparks, and offers ways in. */
export function mainChatScript(turn: AssistantTurn): ScriptStep {
  const { texts } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  const waysIn = buttons([
    { label: texts.createSpark, goto: '/new-spark' },
    { label: texts.editProfile, goto: '/profile' },
    { label: texts.seePlans, goto: '/billing' },
    { label: texts.deploy, goto: '/deploy' },
  ]);
  if (turn.isStart) return say(texts.mainIntro, waysIn);
  if (chose(turn, 'askQuestion')) return say(texts.whatToKnow);
  const topic = TOPIC_WORDS.find(([, words]) => words.test(turn.said));
  if (!topic) return say(`${texts.notUnderstood.split(/[.:]/)[0]}. ${texts.mainIntro}\n\n${texts.anythingElse}`);
  const [key, , way] = topic;
  const answer = `${texts.answers[key]}\n\n${texts.anythingElse}`;
  return way ? say(answer, buttons([{ label: texts[way.label], goto: way.goto }])) : say(answer);
}
