import { extractPdf } from '../../apps/server/src/modules/documents/ingestion/extract-pdf.js';
import type { CorpusDocument } from './corpus.js';
import type { EvalQuestion } from './questions.js';
import { normalise } from './text-match.js';

/** A document's text page by page, as the product's own reader extracts it (normalised for matching). */
export async function pageTexts(document: CorpusDocument): Promise<Map<number, string>> {
  const bytes = await document.load();
  const extracted = await extractPdf(new Uint8Array(bytes), { deadline: Date.now() + 120_000 });
  const pages = new Map<number, string[]>();
  for (const block of extracted.blocks) {
    const page = block.page ?? 0;
    pages.set(page, [...(pages.get(page) ?? []), block.text]);
  }
  return new Map([...pages].map(([page, texts]) => [page, normalise(texts.join(' '))]));
}

/**
 * What is wrong with the questions of the set, if anything: a fact or topic the document's text
 * does not contain word for word, or a question whose page holds none of its facts. A question
 * set that drifts from its documents measures nothing, so this runs with the floor tests.
 */
export async function factProblems(questions: readonly EvalQuestion[], documents: readonly CorpusDocument[]): Promise<string[]> {
  const problems: string[] = [];
  for (const document of documents) {
    const pages = await pageTexts(document);
    const whole = [...pages.values()].join(' ');
    for (const question of questions.filter((item) => item.document === document.id)) {
      for (const fact of question.facts) if (!whole.includes(normalise(fact))) problems.push(`${question.id}: "${fact}" is not in ${document.fileName}`);
      if (question.page !== undefined && !question.facts.some((fact) => pages.get(question.page!)?.includes(normalise(fact)))) {
        const where = [...pages].filter(([, text]) => question.facts.some((fact) => text.includes(normalise(fact)))).map(([page]) => page);
        problems.push(`${question.id}: none of its facts is on page ${question.page} of ${document.fileName} (found on ${where.join(', ') || 'no page'})`);
      }
    }
  }
  const known = new Set(documents.map((document) => document.id));
  for (const question of questions) if (!known.has(question.document)) problems.push(`${question.id}: no document ${question.document}`);
  return problems;
}
