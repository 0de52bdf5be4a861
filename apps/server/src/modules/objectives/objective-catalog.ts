import { SPARK_DEFAULTS, type Language, type Objective, type ObjectiveStep, type StepStatus } from '@sparks/contract';
import { catalogue } from '../../llm/offline/assistant-catalogue.js';
import type { DeployFacts, ProfileFacts, SparkFacts } from './objectives-repository.js';

type Text = Record<Language, string>;

const KEYS = [
  'define',
  'name',
  'purpose',
  'welcome',
  'look',
  'knowledge',
  'upload',
  'ready',
  'test',
  'openTest',
  'ask',
  'pass',
  'publish',
  'embed',
  'deploy',
  'choose',
  'snippet',
  'domain',
  'live',
  'profile',
  'fullName',
  'phone',
] as const;

/** Each title in both languages, from the translation catalogue (`locales/<language>/assistant.json`). */
const TEXT = Object.fromEntries(KEYS.map((key) => [key, { en: catalogue('en')(`objectives.${key}`), es: catalogue('es')(`objectives.${key}`) }])) as Record<
  (typeof KEYS)[number],
  Text
>;

const done = (condition: boolean): StepStatus => (condition ? 'completed' : 'pending');

function objective(
  id: string,
  title: Text,
  steps: Array<[key: string, title: Text, status: StepStatus]>,
  owner: { sparkId: string | null; userId: string },
  language: Language,
): Objective {
  const built: ObjectiveStep[] = steps.map(([key, stepTitle, status]) => ({ _id: `${id}:${key}`, title: stepTitle[language], status }));
  return { _id: id, title: title[language], steps: built, ...owner, isCompleted: built.every((step) => step.status === 'completed') };
}

/**
 * A Spark's objectives, each step read from what the Spark really is or what really happened to
 * it (never from a checklist the user ticks): a name and instructions of its own, documents that
 * are ready, a test that was opened and asked. A step leaves `completed` only when what it stands
 * for is undone (every document deleted), never because a finished test was cleared away.
 */
export function sparkObjectives(sparkId: string, userId: string, facts: SparkFacts, language: Language): Objective[] {
  const owner = { sparkId, userId };
  const { documents } = facts;
  const readiness: StepStatus =
    documents.ready > 0 ? 'completed' : documents.total === 0 ? 'pending' : documents.failed === documents.total ? 'error' : 'inProgress';
  return [
    objective(
      `${sparkId}:define`,
      TEXT.define,
      [
        ['name', TEXT.name, done(facts.name.trim() !== SPARK_DEFAULTS.name)],
        ['purpose', TEXT.purpose, done(facts.sysPrompt.trim() !== '' && facts.sysPrompt !== SPARK_DEFAULTS.options.sysPrompt)],
        ['look', TEXT.look, done(facts.hasTheme)],
        ['welcome', TEXT.welcome, done(facts.initialMessage.trim() !== '' && facts.initialMessage !== SPARK_DEFAULTS.options.initialMessage)],
      ],
      owner,
      language,
    ),
    objective(
      `${sparkId}:knowledge`,
      TEXT.knowledge,
      [
        ['upload', TEXT.upload, done(documents.total > 0)],
        ['ready', TEXT.ready, readiness],
      ],
      owner,
      language,
    ),
    objective(
      `${sparkId}:test`,
      TEXT.test,
      [
        // What happened stays done: finishing a test deletes it, but the Spark was tested.
        ['open', TEXT.openTest, done(facts.tests > 0 || facts.everTested)],
        ['ask', TEXT.ask, done(facts.testQuestions > 0 || facts.everAsked)],
        ['pass', TEXT.pass, testsPassStatus(facts.testRuns)],
      ],
      owner,
      language,
    ),
    objective(`${sparkId}:publish`, TEXT.publish, [['embed', TEXT.embed, embedStatus(facts)]], owner, language),
  ];
}

/** Green once the saved cases' last run passed; red when it failed; under way while a run waits or runs. */
function testsPassStatus(runs: SparkFacts['testRuns']): StepStatus {
  if (runs.cases === 0) return 'pending';
  if (runs.running) return 'inProgress';
  if (runs.last === 'passed') return 'completed';
  return runs.last === 'failed' ? 'error' : 'pending';
}

/** On a website for real once a visitor wrote through it; under way once a website is allowed; else as reported. */
function embedStatus(facts: SparkFacts): StepStatus {
  if (facts.visitorConversations > 0) return 'completed';
  const reported = facts.reported.embed;
  if (reported && reported !== 'pending') return reported;
  return facts.websites > 0 ? 'inProgress' : 'pending';
}

/** Steps no stored state can show: the user (or the assistant on their behalf) reports them. */
export const REPORTED_STEPS = { spark: ['publish:embed'], deploy: ['deploy:choose', 'deploy:snippet', 'deploy:live'] } as const;

/**
 * The deploy screen's objective (product.md §13: its steps complete one by one as the user deploys):
 * choosing and copying are reported; a website allowed and a visitor's conversation are facts.
 */
export function deployObjectives(userId: string, reported: Partial<Record<string, StepStatus>>, facts: DeployFacts, language: Language): Objective[] {
  const steps: Array<[string, Text, StepStatus]> = [
    ['choose', TEXT.choose, reported.choose ?? 'pending'],
    ['snippet', TEXT.snippet, reported.snippet ?? 'pending'],
    ['domain', TEXT.domain, done(facts.websites)],
    ['live', TEXT.live, facts.visitors ? 'completed' : (reported.live ?? 'pending')],
  ];
  return [objective('deploy', TEXT.deploy, steps, { sparkId: null, userId }, language)];
}

/** The profile menu's objective: the details the profile assistant collects (product.md §2 profile topic). */
export function profileObjectives(userId: string, facts: ProfileFacts, language: Language): Objective[] {
  const filled = (value: string | null) => Boolean(value?.trim());
  return [
    objective(
      `${userId}:profile`,
      TEXT.profile,
      [
        ['name', TEXT.fullName, done(filled(facts.firstname) && filled(facts.lastname))],
        ['phone', TEXT.phone, done(filled(facts.phone))],
      ],
      { sparkId: null, userId },
      language,
    ),
  ];
}
