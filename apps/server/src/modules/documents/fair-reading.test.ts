import type { SparkDocument } from '@sparks/contract';
import { PLANS } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

const settled = (document: SparkDocument) => document.status === 'ready' || document.status === 'failed';

describe.each(testDatabaseTargets())('reading documents fairly between tenants on $name', (target) => {
  const app = appOnTarget(target, { INGESTION_CONCURRENCY: '2' });

  async function owner() {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const docs = documentsClient(app(), tokens.access_token);
    const upload = async (name: string, bytes: Buffer): Promise<SparkDocument> => {
      const response = await docs.upload({ sparkId: spark._id }, { name, bytes });
      expect(response.statusCode, response.payload).toBe(201);
      return docs.document(spark._id, (response.json() as { data: Array<{ _id: string }> }).data[0]!._id);
    };
    const until = async (document: SparkDocument, done: (current: SparkDocument) => boolean, ms: number): Promise<SparkDocument> => {
      const end = Date.now() + ms;
      for (;;) {
        const current = await docs.document(spark._id, document._id);
        if (done(current) || Date.now() > end) return current;
        // Twice a second stays under the API's 300 requests a minute however long a busy machine takes to read the bombs.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    return { upload, until, document: (document: SparkDocument) => docs.document(spark._id, document._id) };
  }

  it('reads another tenant’s small file within seconds while a scan bomb is read, and ends the bomb within its budget', { timeout: 240_000 }, async () => {
    const attacker = await owner();
    const visitor = await owner();
    // Pages without a text layer: 600 blank ones, and 80 scans with ink but no words, more than the trial reads.
    const blank = await makePdf(Array.from({ length: 600 }, () => ({})));
    const inked = await makePdf(Array.from({ length: 80 }, () => ({ image: true })));
    const budget = PLANS.free.limits.ocrPagesPerDocument;
    const inkedBomb = await attacker.upload('scan.pdf', inked);
    const blankBomb = await attacker.upload('blank.pdf', blank);
    await attacker.until(inkedBomb, (current) => current.status === 'processing', 30_000);

    const small = await visitor.upload('hours.txt', Buffer.from('We open at 9 on Sundays.\n'));
    const started = Date.now();
    const read = await visitor.until(small, settled, 30_000);
    expect(read.status).toBe('ready');
    expect(Date.now() - started).toBeLessThan(15_000);
    // One tenant's documents are read one at a time: the bomb is still being read, the other waits its turn.
    expect((await attacker.document(inkedBomb)).status).toBe('processing');
    expect((await attacker.document(blankBomb)).status).toBe('queued');

    // Blank pages are found on a thumbnail and cost no OCR: that bomb ends plainly, saying no text was found.
    const blankEnd = await attacker.until(blankBomb, settled, 150_000);
    expect(blankEnd).toMatchObject({ status: 'failed', problem: { code: 'no_text' } });
    // The inked scan stops at the plan's pages and says so, with the pages left unread.
    const inkedEnd = await attacker.until(inkedBomb, settled, 150_000);
    expect(inkedEnd).toMatchObject({ status: 'failed', problem: { code: 'ocr_page_budget', limit: budget, pages: [{ from: budget + 1, to: 80 }] } });
  });
});
