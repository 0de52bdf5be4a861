import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { rowsOf } from '../../../db/sql-results.js';

const PASSAGES = 40;
const HANDBOOK = Array.from({ length: PASSAGES }, (_, index) => `# Section ${index + 1}\n\nExpense reports of section ${index + 1} need approval.\n`).join(
  '\n',
);

// PostgreSQL's autovacuum settles its own tables; the embedded database has nothing that would.
describe.each(testDatabaseTargets().filter((target) => target.name === 'pglite'))('the full-text index after documents are read, on $name', (target) => {
  const app = appOnTarget(target);
  const one = async (query: ReturnType<typeof sql>) => rowsOf(await app().database.db.execute(query))[0]!;

  it('is left settled: nothing pending in the index and both tables analysed, for documents read side by side', async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const documents = documentsClient(app(), tokens.access_token);
    const read = await Promise.all(['one.md', 'two.md'].map((name) => documents.uploadReady(spark._id, name, Buffer.from(HANDBOOK))));
    for (const { document } of read) expect(document.chunks).toBeGreaterThanOrEqual(PASSAGES);
    // The settling analyses the documents last: their counted rows say it is done.
    const documentsCounted = async () =>
      (await one(sql`select (select reltuples from pg_class where oid = 'documents'::regclass) = (select count(*) from documents) as counted`)).counted;
    await expect.poll(documentsCounted, { timeout: 10_000 }).toBe(true);
    // Analysed once at least (never analysed reads -1); again only once their number moved by a tenth and fifty.
    expect(Number((await one(sql`select reltuples from pg_class where oid = 'document_chunks'::regclass`)).reltuples)).toBeGreaterThanOrEqual(PASSAGES);
    // The new passages' entries were merged into the index: a search no longer reads them from its pending list.
    expect(Number((await one(sql`select gin_clean_pending_list('document_chunks_tsv_idx'::regclass) as pages`)).pages)).toBe(0);
  });
});
