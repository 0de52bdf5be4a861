import type { CorpusDocument } from './corpus.js';
import type { EvalQuestion } from './questions.js';
import { readDocument, readSitePages } from './read-document.js';
import { normalise } from './text-match.js';

/**
 * A document's text page by page, as the product's own reader extracts it for the document's
 * kind (normalised for matching). A text without page breaks has no pages: it is read as page 1;
 * a website's page n is its n-th page.
 */
export async function pageTexts(document: CorpusDocument): Promise<Map<number, string>> {
  if (document.site) {
    const pages = await readSitePages(document);
    return new Map(pages.map((page, index) => [index + 1, normalise(page.blocks.map((block) => block.text).join(' '))]));
  }
  const extracted = await readDocument(document);
  const pages = new Map<number, string[]>();
  for (const block of extracted.blocks) {
    const page = block.page ?? 1;
    pages.set(page, [...(pages.get(page) ?? []), block.text]);
  }
  return new Map([...pages].map(([page, texts]) => [page, normalise(texts.join(' '))]));
}

/**
 * What is wrong with the questions of the set, if anything: a fact or topic the document's text
 * does not contain word for word, a question whose page holds none of its facts, or a follow-up
 * whose leading question is missing or belongs to another document. A question set that drifts
 * from its documents measures nothing, so this runs with the floor tests.
 */
export async function factProblems(questions: readonly EvalQuestion[], documents: readonly CorpusDocument[]): Promise<string[]> {
  const problems: string[] = [];
  for (const document of documents) {
    const asked = questions.filter((item) => item.document === document.id);
    if (asked.length === 0) continue;
    const pages = await pageTexts(document);
    const whole = [...pages.values()].join(' ');
    for (const question of asked) {
      for (const fact of question.facts) if (!whole.includes(normalise(fact))) problems.push(`${question.id}: "${fact}" is not in ${document.fileName}`);
      if (question.page !== undefined && !question.facts.some((fact) => pages.get(question.page!)?.includes(normalise(fact)))) {
        const where = [...pages].filter(([, text]) => question.facts.some((fact) => text.includes(normalise(fact)))).map(([page]) => page);
        problems.push(`${question.id}: none of its facts is on page ${question.page} of ${document.fileName} (found on ${where.join(', ') || 'no page'})`);
      }
    }
  }
  const known = new Set(documents.map((document) => document.id));
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const question of questions) {
    if (!known.has(question.document)) problems.push(`${question.id}: no document ${question.document}`);
    if (question.after === undefined) continue;
    const leader = byId.get(question.after);
    if (!leader) problems.push(`${question.id}: follows ${question.after}, which is not in the set`);
    else if (leader.document !== question.document) problems.push(`${question.id}: follows ${question.after}, a question on another document`);
  }
  const ids = questions.map((question) => question.id);
  for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index))) problems.push(`${id}: the id is used twice`);
  return problems;
}
