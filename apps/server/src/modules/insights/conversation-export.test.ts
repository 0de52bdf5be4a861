import { TEST_START_MESSAGE, type ExportedMessage } from '@sparks/contract';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { liveWidgetSpark } from '#test/widget-helpers.js';
import { chatMessages, conversations } from '../../db/schema.js';

describe.each(testDatabaseTargets())("a Spark's conversations exported on $name", (target) => {
  const app = appOnTarget(target);

  async function sparkWithConversations() {
    const { token, chat, spark, ask } = await liveWidgetSpark(app());
    expect((await ask('¿Cuántos días "tengo", para devolver?')).statusCode).toBe(200);
    const test = await chat.newTest(spark._id);
    // The web app opens a test chat with the product's own opening word: the owner never typed it.
    expect((await chat.test(spark._id, test._id, TEST_START_MESSAGE)).statusCode).toBe(200);
    const turn = await chat.test(spark._id, test._id, 'How many days to return a bicycle?');
    expect(turn.statusCode).toBe(200);
    // The owner's thumbs down, with a comment, on the test chat's answer.
    const vote = await app().inject({
      method: 'PUT',
      url: `/api/v1/sparks/${spark._id}/feedback`,
      headers: { authorization: `Bearer ${token}` },
      payload: { messageId: turn.json().data.ai.id, rating: 'down', comment: 'Say "30 days", please' },
    });
    expect(vote.statusCode, vote.payload).toBe(200);
    const download = (query: string, bearer = token) =>
      app().inject({ method: 'GET', url: `/api/v1/sparks/${spark._id}/conversations/export${query}`, headers: { authorization: `Bearer ${bearer}` } });
    return { spark, download, ask };
  }

  it('downloads visitors’ and test-chat messages as CSV with a header, quoting what needs it, and as JSON', async () => {
    const { download } = await sparkWithConversations();
    const csv = await download('?format=csv&days=30');
    expect(csv.statusCode, csv.payload).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="spark-conversations-30-days.csv"');
    // A byte-order mark first, so Excel reads "¿" and "ñ" as UTF-8.
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.payload
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('conversationId,channel,time,role,text,citations,feedback');
    expect(csv.payload).toContain('"down: Say ""30 days"", please"');
    expect(csv.payload).toContain('"¿Cuántos días ""tengo"", para devolver?"');
    expect(csv.payload).toContain('returns.md');

    const json = await download('?format=json&days=7');
    expect(json.headers['content-type']).toContain('application/json');
    const rows = JSON.parse(json.payload) as ExportedMessage[];
    // The test chat opens with the Spark's greeting; the opening word the product sent for it is left out.
    expect(rows.map((row) => `${row.channel}:${row.role}`)).toEqual(['widget:visitor', 'widget:spark', 'test:spark', 'test:owner', 'test:spark']);
    expect(rows.map((row) => row.text)).not.toContain(TEST_START_MESSAGE);
    expect(rows[4]?.citations).toContain('returns.md');
    expect(rows.map((row) => row.feedback)).toEqual(['', '', '', '', 'down: Say "30 days", please']);
    expect(rows.every((row) => !Number.isNaN(Date.parse(row.time)))).toBe(true);

    const visitorsOnly = JSON.parse((await download('?format=json&kinds=widget')).payload) as ExportedMessage[];
    expect(new Set(visitorsOnly.map((row) => row.channel))).toEqual(new Set(['widget']));
  });

  it('leaves out messages older than the period, and pages through long histories in order', async () => {
    const { spark, download } = await sparkWithConversations();
    const db = app().database.db;
    const [visitor] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.sparkId, spark._id), eq(conversations.kind, 'widget')))
      .limit(1);
    // Many messages, older and newer: the export reads them a page at a time and keeps their order.
    const many = Array.from({ length: 1_200 }, (_, index) => ({
      conversationId: visitor!.id,
      seq: 1_000 + index,
      type: index % 2 === 0 ? 'human' : 'ai',
      data: { content: `message ${index}` },
      createdAt: sql`now() - make_interval(days => ${index < 200 ? 40 : 1}) + make_interval(secs => ${index})`,
    }));
    for (let start = 0; start < many.length; start += 300) await db.insert(chatMessages).values(many.slice(start, start + 300) as never);
    const rows = JSON.parse((await download('?format=json&days=30&kinds=widget')).payload) as ExportedMessage[];
    const numbered = rows
      .map((row) => /^message (\d+)$/.exec(row.text)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(numbered).toHaveLength(1_000);
    expect(numbered[0]).toBe(200);
    expect(numbered).toEqual([...numbered].sort((a, b) => a - b));
  });

  it('refuses other periods and formats, and another tenant’s Spark, with nothing sent', async () => {
    const { download } = await sparkWithConversations();
    for (const query of ['?days=45', '?format=xml', '?kinds=builder', '?extra=1']) expect((await download(query)).statusCode, query).toBe(400);
    const stranger = await verifiedAccount(app());
    const foreign = await download('?format=csv', stranger.tokens.access_token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.payload).not.toContain('conversationId');
  });

  it('neutralises every cell a spreadsheet would run as a formula in the CSV, and keeps the JSON verbatim', async () => {
    const { spark, download, ask } = await sparkWithConversations();
    // Visitors type the first four; the widget trims its input, so a leading tab or carriage return
    // can only come from a stored message (an older row, another channel): written as one here.
    const typed = ['=HYPERLINK("http://evil.example","Click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A9)'];
    for (const text of typed) expect((await ask(text)).statusCode).toBe(200);
    const [visitor] = await app()
      .database.db.select()
      .from(conversations)
      .where(and(eq(conversations.sparkId, spark._id), eq(conversations.kind, 'widget')))
      .limit(1);
    const stored = ['\t=1+1', '\r=1+1', '\uFF1DHYPERLINK("http://evil.example")'];
    await app()
      .database.db.insert(chatMessages)
      .values(stored.map((content, index) => ({ conversationId: visitor!.id, seq: 500 + index, type: 'human', data: { content } })) as never);
    const hostile = [...typed, ...stored];

    const csv = await download('?format=csv&days=7');
    expect(csv.statusCode, csv.payload).toBe(200);
    const cells = (parse(csv.payload, { bom: true, columns: true }) as Array<Record<string, string>>).map((row) => row.text);
    for (const text of hostile) {
      expect(cells, JSON.stringify(text)).toContain(`'${text}`);
      expect(cells, JSON.stringify(text)).not.toContain(text);
    }
    // Ordinary text is left as it was written.
    expect(cells).toContain('¿Cuántos días "tengo", para devolver?');

    const json = JSON.parse((await download('?format=json&days=7')).payload) as ExportedMessage[];
    const texts = json.map((row) => row.text);
    for (const text of hostile) expect(texts, JSON.stringify(text)).toContain(text);
  });
});
