import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#src/db/schema.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { startTestApp } from '#test/test-app.js';

/** A real full disk: a 1 MB tmpfs mounted where the files go. Mounting needs root, as CI has. */
function canMount(): boolean {
  try {
    return process.getuid?.() === 0 && execFileSync('sh', ['-c', 'command -v mount'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
const mountable = canMount();
if (!mountable) console.warn('Skipping the disk-full test: mounting a small tmpfs needs root.');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe.skipIf(!mountable)('uploads onto a full disk', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let filesDir: string;

  beforeAll(async () => {
    harness = await startTestApp(undefined);
    filesDir = join(harness.dataDir, 'files');
    mkdirSync(filesDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', filesDir]);
  });
  afterAll(async () => {
    if (filesDir) execFileSync('umount', ['-l', filesDir]);
    await harness?.stop();
  });

  it('answers 503 with a plain message, keeps no part of the file and no document, and takes the next upload that fits', async () => {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    const spark = await chatClient(app, tokens.access_token).newSpark();
    const docs = documentsClient(app, tokens.access_token);
    const big = Buffer.from('Opening hours are nine to six, Monday to Friday.\n'.repeat(40_000));
    expect(big.length).toBeGreaterThan(1024 * 1024);

    const response = await docs.upload({ sparkId: spark._id }, { name: 'hours.txt', bytes: big });
    expect(response.statusCode, response.payload).toBe(503);
    expect(response.json()).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      errors: ['There is no room to store files right now, so nothing was kept. Please try again later.'],
    });
    expect(filesUnder(filesDir)).toEqual([]);
    expect(await app.database.db.select().from(documents).where(eq(documents.sparkId, spark._id))).toEqual([]);

    const { document } = await docs.uploadReady(spark._id, 'hours.txt', Buffer.from('Opening hours are nine to six.\n'));
    expect(document).toMatchObject({ name: 'hours.txt', status: 'ready' });
    expect(filesUnder(filesDir)).toHaveLength(1);
  });
});
