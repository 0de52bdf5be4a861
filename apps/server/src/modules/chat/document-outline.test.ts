import type { TestChatAnswer } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { PRICE_LIST } from '#test/owner-sources.js';

const CLAUSES = 40;
/**
 * A licence as a plain text: no line reads as a heading, and every paragraph names the licence,
 * as a licence's sections do. Each paragraph says which clause it is, so an outline's points show
 * where in the text they were taken from.
 */
const LICENCE = Array.from(
  { length: CLAUSES },
  (_, index) =>
    `Under clause ${index + 1} of this licence, the licensee keeps every notice that the original authors placed in the work and passes it on unchanged to each recipient. ` +
    `A recipient of clause ${index + 1} receives the work under the same terms, and no licensee may add terms that restrict what the recipient may do with it. ` +
    `Anything clause ${index + 1} does not grant in so many words is reserved by the authors, whatever the medium in which the work is copied, sold or lent.`,
).join('\n\n');

/** A manual of thirty numbered chapters: far more sections than an outline names. */
const MANUAL = Array.from(
  { length: 30 },
  (_, index) => `## ${index + 1} Topic ${index + 1}\n\nChapter ${index + 1} explains how the device handles topic ${index + 1} in everyday use.\n`,
).join('\n');

describe.each(testDatabaseTargets())('a summary of a document without headings, offline, on $name', (target) => {
  const app = appOnTarget(target);

  async function summary(sparkId: string, token: string, text: string): Promise<string> {
    const test = await chatClient(app(), token).newTest(sparkId);
    const response = await app().inject({
      method: 'POST',
      url: `/api/v1/sparks/${sparkId}/chat/${test._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { input: { text }, language: 'en' },
    });
    expect(response.statusCode, response.payload).toBe(200);
    return (response.json().data as TestChatAnswer).ai.data.content ?? '';
  }

  it('shares the outline among the sources: a long manual leaves room for a price list and a plain text', async () => {
    const { tokens } = await verifiedAccount(app());
    const spark = await chatClient(app(), tokens.access_token).newSpark();
    const documents = documentsClient(app(), tokens.access_token);
    await documents.uploadReady(spark._id, 'manual.md', Buffer.from(MANUAL));
    await documents.uploadReady(spark._id, 'licence.txt', Buffer.from(LICENCE));
    await documents.uploadReady(spark._id, 'precios.docx', await PRICE_LIST());

    const lines = (await summary(spark._id, tokens.access_token, 'Summarise this')).split('\n');
    // Each source named above its own points, the newest first.
    expect(lines.filter((line) => /^\*\*[^*]+\*\*$/.test(line))).toEqual(['**precios.docx**', '**licence.txt**', '**manual.md**']);
    const sections = lines.map((line) => /^- \*\*([^*]+)\*\*/.exec(line)?.[1]).filter(Boolean);
    expect(sections.slice(0, 2)).toEqual(['Horario de apertura', 'Precios']);
    // The plain text by passages spread over it, the manual by chapters spread from its first to its last.
    const clauses = lines.flatMap((line) => (/^- .*clause (\d+)/.exec(line) ? [Number(/clause (\d+)/.exec(line)![1])] : []));
    expect(clauses.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...clauses) - Math.min(...clauses)).toBeGreaterThanOrEqual(CLAUSES / 2);
    const chapters = sections.flatMap((section) => (/^(\d+) Topic/.exec(section ?? '') ? [Number(/^(\d+)/.exec(section!)![1])] : []));
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    expect(chapters).toEqual([...chapters].sort((a, b) => a - b));
    expect(Math.min(...chapters)).toBe(1);
    expect(Math.max(...chapters)).toBeGreaterThanOrEqual(20);
    expect(lines.filter((line) => /^- .+ \[\d+\]$/.test(line)).length).toBeLessThanOrEqual(12);
  });

  it('outlines passages spread from its first part to its last, not the welcome message alone', async () => {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    await documentsClient(app(), tokens.access_token).uploadReady(spark._id, 'licence.txt', Buffer.from(LICENCE));
    const test = await chat.newTest(spark._id);

    const response = await app().inject({
      method: 'POST',
      url: `/api/v1/sparks/${spark._id}/chat/${test._id}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { input: { text: 'Summarise this document' }, language: 'en' },
    });
    expect(response.statusCode, response.payload).toBe(200);
    const content = (response.json().data as TestChatAnswer).ai.data.content ?? '';

    expect(content.split('\n')[0]).toBe('licence.txt covers these sections:');
    expect(content).not.toContain(spark.options.initialMessage);
    const points = content.split('\n').filter((line) => /^- .+ \[\d+\]$/.test(line));
    expect(points.length, content).toBeGreaterThanOrEqual(6);
    const clauses = points.flatMap((point) => [...point.matchAll(/clause (\d+)/g)].map((match) => Number(match[1])));
    expect(Math.min(...clauses), content).toBeLessThanOrEqual(CLAUSES / 4);
    expect(Math.max(...clauses), content).toBeGreaterThanOrEqual((CLAUSES * 3) / 4);
  });
});
