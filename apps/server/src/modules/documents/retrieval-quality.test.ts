import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { HANDBOOK, RETRIEVAL_QUESTIONS } from '#test/retrieval-set.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

describe.each(testDatabaseTargets())('retrieval quality on $name', (target) => {
  const app = appOnTarget(target);

  it('finds the page that answers each question among the top 5 passages (hit@5 ≥ 0.9)', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const { document } = await docs.uploadReady(spark._id, 'handbook.pdf', await makePdf(HANDBOOK));
    expect(document).toMatchObject({ status: 'ready', pages: HANDBOOK.length });
    // A second document on another subject, so the right one has to be chosen too.
    await docs.uploadReady(
      spark._id,
      'catalogue.pdf',
      await makePdf([{ heading: 'Cargo bikes', paragraphs: ['Our cargo bikes carry up to 80 kilograms and two children.'] }]),
    );

    const misses: string[] = [];
    for (const { question, page } of RETRIEVAL_QUESTIONS) {
      const hits = (await docs.search(spark._id, question)).json().data as Array<{ title: string; page?: number }>;
      const found = hits.slice(0, 5).some((hit) => hit.title === 'handbook.pdf' && hit.page === page);
      if (!found) misses.push(`${question} (page ${page}; got ${hits.map((hit) => hit.page).join(', ')})`);
    }
    const hitRate = 1 - misses.length / RETRIEVAL_QUESTIONS.length;
    expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
