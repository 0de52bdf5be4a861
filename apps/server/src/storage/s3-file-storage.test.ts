import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3Server, type FakeS3Server } from '../../../../test/support/fake-s3-server.js';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { startTestApp } from '#test/test-app.js';

describe('documents stored in S3-compatible object storage', () => {
  let s3: FakeS3Server;
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    s3 = await startFakeS3Server({ accessKeyId: 'TESTKEY' });
    harness = await startTestApp(undefined, {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'TESTKEY',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(async () => {
    await harness?.stop();
    await s3?.close();
  });

  it('stores uploads in the bucket, reads them for ingestion and deletes them with the document or the Spark', async () => {
    const app = harness.app;
    const { tokens } = await verifiedAccount(app);
    const chat = chatClient(app, tokens.access_token);
    const docs = documentsClient(app, tokens.access_token);
    const spark = await chat.newSpark();
    const pdf = await makePdf([{ heading: 'Opening hours', paragraphs: ['We open at nine and close at six.'] }]);
    const { document } = await docs.uploadReady(spark._id, 'hours.pdf', pdf);
    expect(document.status).toBe('ready');
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^tenants/[0-9a-f-]+/sparks/${spark._id}/documents/${document._id}$`));
    expect(s3.objects.get(keys[0]!)?.equals(pdf)).toBe(true);
    expect(s3.unsigned).toBe(0);

    // A refused file never reaches the bucket.
    const refused = await docs.upload({ sparkId: spark._id }, { name: 'page.pdf', bytes: Buffer.from('<html><script>1</script></html>') });
    expect(refused.statusCode).toBe(415);
    expect(s3.objects.size).toBe(1);

    expect((await docs.remove(spark._id, document._id)).statusCode).toBe(200);
    expect(s3.objects.size).toBe(0);

    await docs.uploadReady(spark._id, 'a.pdf', pdf);
    await docs.uploadReady(spark._id, 'b.pdf', pdf);
    expect(s3.objects.size).toBe(2);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/sparks/${spark._id}`, headers })).statusCode).toBe(200);
    expect(s3.objects.size).toBe(0);
  });
});
