import { buttons, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import type { ScriptStep } from './script-step.js';

/** Words that tell what a question is about, the answer for it, and the screen that does it. */
const TOPIC_WORDS: Array<
  [keyof AssistantTurn['texts']['answers'], RegExp, { goto: string; label: 'createSpark' | 'deploy' | 'seePlans' | 'editProfile' } | null]
> = [
  ['documents', /\b(documents?|pdf|word|files?|upload|sub(?:ir|o)|archivos?|documentos?)\b/i, null],
  ['test', /\b(test|tests|testing|prueba|pruebas|probar)\b/i, null],
  ['deploy', /\b(deploy|website|widget|web|embed|install|despleg\w*|instal\w*|p[aá]gina)\b/i, { goto: '/deploy', label: 'deploy' }],
  [
    'plans',
    /\b(plans?|price|prices|pricing|cost|pay|billing|trial|planes?|precios?|cuesta|pago|prueba gratuita|factura\w*)\b/i,
    { goto: '/billing', label: 'seePlans' },
  ],
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
