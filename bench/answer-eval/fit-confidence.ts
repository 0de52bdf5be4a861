/**
 * Fits the answer confidence (apps/server/src/llm/answer-confidence.ts) on the tuning documents
 * only: each tuning question is retrieved in process by the product's own retrieval, as an answer
 * retrieves it (the evidence within its token budget); the offline answer it would give if framed
 * as the answer is checked for the fact; and a logistic model of "the framed answer holds the
 * fact" (unanswerable questions never do) is fitted over the confidence features. The floor
 * frames as many right answers as the model in use and as few wrong ones as it can. Prints the
 * model to paste; the held-out row is measured afterwards by `npm run bench` and never read here.
 *
 *   npx tsx bench/answer-eval/fit-confidence.ts
 *   FEATURES=coverage,heading SAMPLES=/tmp/samples.json npx tsx bench/answer-eval/fit-confidence.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { startTestApp } from '../../apps/server/test/test-app.js';
import {
  CONFIDENCE_FEATURES,
  CONFIDENCE_MODEL,
  answerConfidence,
  confidenceFeatures,
  type ConfidenceFeatures,
} from '../../apps/server/src/llm/answer-confidence.js';
import { knowledgeAnswer } from '../../apps/server/src/llm/offline/knowledge-answer.js';
import { questionLanguage } from '../../apps/server/src/llm/question-language.js';
import { knowledgeFor } from '../../apps/server/src/modules/answers/answer-prompt.js';
import { answerIntent } from '../../apps/server/src/llm/answer-intent.js';
import { ANSWER_EVAL_ENV } from './evaluate.js';
import { SPLIT, questionById } from './split.js';
import { sparkWith } from './spark-session.js';
import { containsFact } from './text-match.js';

interface Sample {
  id: string;
  features: ConfidenceFeatures;
  /** The answer framed as found holds the fact. */
  right: boolean;
}

const L2 = 0.01;
const STEPS = 4000;
const RATE = 0.5;

/** Logistic regression by gradient descent over standardised features, returned in the features' own scale. */
function fit(samples: readonly Sample[], used: ReadonlyArray<keyof ConfidenceFeatures>) {
  const rows = samples.map((sample) => used.map((name) => sample.features[name]));
  const mean = used.map((_, j) => rows.reduce((sum, row) => sum + row[j]!, 0) / rows.length);
  const spread = used.map((_, j) => Math.sqrt(rows.reduce((sum, row) => sum + (row[j]! - mean[j]!) ** 2, 0) / rows.length) || 1);
  const x = rows.map((row) => row.map((value, j) => (value - mean[j]!) / spread[j]!));
  const y = samples.map((sample) => (sample.right ? 1 : 0));
  const w = used.map(() => 0);
  let b = 0;
  for (let step = 0; step < STEPS; step += 1) {
    const gradient = w.map(() => 0);
    let gradientB = 0;
    x.forEach((row, i) => {
      const p = 1 / (1 + Math.exp(-(b + row.reduce((sum, value, j) => sum + value * w[j]!, 0))));
      const error = p - y[i]!;
      row.forEach((value, j) => (gradient[j]! += error * value));
      gradientB += error;
    });
    w.forEach((value, j) => (w[j] = value - RATE * (gradient[j]! / x.length + L2 * value)));
    b -= RATE * (gradientB / x.length);
  }
  const weights = Object.fromEntries(
    CONFIDENCE_FEATURES.map((name) => [name, used.includes(name) ? round(w[used.indexOf(name)]! / spread[used.indexOf(name)]!) : 0]),
  ) as unknown as ConfidenceFeatures;
  const bias = round(b - used.reduce((sum, _, j) => sum + (w[j]! * mean[j]!) / spread[j]!, 0));
  return { bias, weights };
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * The floor: of those that frame at least as many right answers as the model in use does (no
 * right answer newly hedged, in count), the one that frames the fewest wrong ones.
 */
function bestFloor(samples: readonly Sample[], confidences: readonly number[], rightToKeep: number) {
  let best = { floor: 0.5, framedRight: 0, framedWrong: Infinity };
  for (let floor = 0.05; floor < 0.951; floor += 0.01) {
    const framed = samples.filter((_, i) => confidences[i]! >= floor);
    const framedRight = framed.filter((sample) => sample.right).length;
    const framedWrong = framed.length - framedRight;
    if (framedRight >= rightToKeep && framedWrong <= best.framedWrong) best = { floor: round(floor), framedRight, framedWrong };
  }
  return best;
}

async function tuningSamples(): Promise<Sample[]> {
  const { app, stop } = await startTestApp(undefined, ANSWER_EVAL_ENV);
  const samples: Sample[] = [];
  try {
    const { pipeline } = app.services;
    for (const document of SPLIT.tuning.documents) {
      const asked = SPLIT.tuning.questions.filter((question) => question.document === document.id && question.kind !== 'summary');
      if (asked.length === 0) continue;
      const spark = await sparkWith(app, document);
      for (const question of asked) {
        if (answerIntent(question.question) !== 'question') continue;
        const language = questionLanguage(question.question, question.language);
        const previous = question.after ? (questionById(question.after)?.question ?? null) : null;
        // The evidence an answer is given, as the product builds it; framed as found whatever the confidence says.
        const { retrieved, wordings, documentsLanguage } = await pipeline.evidence(spark.tenantId, spark.sparkId, question.question, { language, previous });
        const framed = knowledgeAnswer(question.question, {
          passages: knowledgeFor(undefined, retrieved),
          language,
          documentsLanguage,
          wordings,
          weakMatch: false,
          intent: 'question',
        });
        samples.push({
          id: question.id,
          features: confidenceFeatures(question.question, wordings, retrieved),
          right: question.kind === 'fact' && containsFact(framed, question.facts),
        });
      }
      console.log(`  ${document.id}: ${asked.length} questions`);
    }
  } finally {
    await stop();
  }
  return samples;
}

/** Framed right and wrong at a few floors: how sharply the confidence tells them apart. */
function curve(samples: readonly Sample[], confidences: readonly number[]): string {
  return [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
    .map((floor) => {
      const framed = samples.filter((_, i) => confidences[i]! >= floor);
      const right = framed.filter((sample) => sample.right).length;
      return `${floor}: ${right}/${framed.length - right}`;
    })
    .join('  ');
}

async function main() {
  // A saved sample file (SAMPLES=path) refits without asking again, for looking at the fit alone.
  const saved = process.env.SAMPLES;
  const samples = saved && existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as Sample[]) : await tuningSamples();
  if (saved) writeFileSync(saved, JSON.stringify(samples));
  // FEATURES=coverage,sentence fits over some features only; the others weigh nothing.
  const used = process.env.FEATURES ? CONFIDENCE_FEATURES.filter((name) => process.env.FEATURES!.split(',').includes(name)) : CONFIDENCE_FEATURES;
  const model = fit(samples, used);
  const confidences = samples.map((sample) => answerConfidence(sample.features, model));
  const framedToday = samples.filter((sample) => answerConfidence(sample.features) >= CONFIDENCE_MODEL.floor);
  const today = {
    floor: CONFIDENCE_MODEL.floor,
    framedRight: framedToday.filter((sample) => sample.right).length,
    framedWrong: framedToday.filter((sample) => !sample.right).length,
  };
  const floor = bestFloor(samples, confidences, today.framedRight);
  console.log(`${samples.length} tuning questions, ${samples.filter((sample) => sample.right).length} answered right when framed`);
  console.log(`current model: framed right ${today.framedRight}, framed wrong ${today.framedWrong} at its floor ${today.floor}`);
  console.log(`fitted: framed right ${floor.framedRight}, framed wrong ${floor.framedWrong} at floor ${floor.floor}`);
  console.log(
    `right/wrong framed by floor, current: ${curve(
      samples,
      samples.map((sample) => answerConfidence(sample.features)),
    )}`,
  );
  console.log(`right/wrong framed by floor, fitted:  ${curve(samples, confidences)}`);
  console.log(JSON.stringify({ ...model, floor: floor.floor }, null, 2));
}

await main();
