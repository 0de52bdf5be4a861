import { RETRIEVAL_QUESTIONS } from '../../../apps/server/test/retrieval-set.js';
import { questionsOf, type EvalQuestion } from './types.js';

/** What answers each question of the team's retrieval-quality set, as the handbook writes it. */
const FACTS: Record<string, string[]> = {
  'How many hours a week do we work?': ['38 hours'],
  'When do I have to be online every day?': ['10:00 to 15:00'],
  'Can I work from home?': ['up to two days per week'],
  'Is there money to buy a desk and chair for my home office?': ['300 euros'],
  'How many vacation days do I get?': ['25 days of paid holiday'],
  'Can I move unused holidays to next year?': ['five unused holiday days'],
  'Do I need a doctor note when I am sick?': ["doctor's certificate"],
  'Who do I call when I am ill in the morning?': ['tell your manager before 9:30'],
  'How long is leave after having a baby?': ['16 weeks'],
  'When is salary paid?': ['last working day'],
  'When are pay raises decided?': ['every March'],
  'How much can I spend on food on a business trip?': ['45 euros per day'],
  'Should I take the train or a plane for work travel?': ['Train is preferred'],
  'Do employees get a discount on bikes?': ['40 percent off bicycles'],
  'What safety equipment is required in the workshop?': ['Protective glasses and steel-toe shoes'],
  'Where do I charge e-bike batteries?': ['fireproof charging cabinet'],
  'What is the training budget?': ['800 euros'],
  'How long must my password be?': ['at least 14 characters'],
  'What should I do if my laptop is stolen?': ['within one hour'],
  'What is the notice period when I resign?': ['one month'],
  'Where is the company workshop located?': ['Valencia'],
};

const RETRIEVAL_SET: EvalQuestion[] = RETRIEVAL_QUESTIONS.map(({ question, page }, index) => {
  const facts = FACTS[question];
  if (!facts) throw new Error(`no fact written for the handbook question "${question}"`);
  return { id: `team-handbook/q${String(index + 1).padStart(2, '0')}`, document: 'team-handbook', language: 'en', question, facts, page, kind: 'fact' };
});

const { fact } = questionsOf('team-handbook', 'en');

/** Beyond the retrieval set: questions asked in Spanish, and follow-ups of its questions (q06 is "Can I move unused holidays…"). */
const MORE: EvalQuestion[] = [
  fact('carry-over-until', 'until when can I use them?', ['first quarter of the next year'], 4, { after: 'q06' }),
  fact('accessories-discount', 'and on accessories?', ['25 percent off accessories'], 9, { after: 'q14' }),
  fact('notice-later', 'and after two years?', ['two months afterwards'], 13, { after: 'q20' }),
  fact('sick-pay', '¿Cobro el sueldo entero si estoy de baja?', ['for up to 60 days per year'], 5, { language: 'es' }),
  fact('holiday-request', '¿Con cuánta antelación tengo que pedir las vacaciones?', ['at least two weeks ahead'], 4, { language: 'es' }),
  fact('workshop-accident', '¿A quién aviso si hay un accidente en el taller?', ['to the safety officer on the same day'], 10, { language: 'es' }),
];

/**
 * The team's own set (a handbook written for the retrieval tests), scored the same way as the
 * public documents: the row that shows how far our own fixtures flatter the product.
 */
export const TEAM_HANDBOOK_QUESTIONS: EvalQuestion[] = [...RETRIEVAL_SET, ...MORE];
