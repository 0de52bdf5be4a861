import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, PLANS, UPLOAD_MESSAGES } from '@sparks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { grayPng, makeDocx, makePdf } from '#test/document-fixtures.js';
import { makeDoc } from '#test/scanned-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { documents, tenants } from '../../db/schema.js';

describe.each(testDatabaseTargets())('hostile uploads on $name', (target) => {
  const app = appOnTarget(target);

  async function owner() {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    return { tokens, chat, docs, spark };
  }

  async function storedFiles(): Promise<number> {
    try {
      return (await readdir(join(app().config.dataDir, 'files'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  }

  async function expectNothingKept(sparkId: string, docs: ReturnType<typeof documentsClient>, filesBefore: number) {
    expect((await docs.list(sparkId)).json().data).toEqual([]);
    expect(await storedFiles()).toBe(filesBefore);
  }

  it('refuses files that only pretend to be PDFs, whatever their name and type say', async () => {
    const { docs, spark } = await owner();
    const before = await storedFiles();
    const pretenders = [
      { name: 'invoice.pdf', bytes: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), type: 'application/pdf' },
      { name: 'logo.pdf', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'application/pdf' },
      { name: 'photo.pdf', bytes: Buffer.from('GIF89a\u0014\u0000\u0014\u0000\u0080\u0000\u0000'), type: 'application/pdf' },
      {
        name: 'archive.docx',
        bytes: Buffer.from('PK\u0003\u0004not really a zip at all'),
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'program.txt', bytes: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]), type: 'text/plain' },
    ];
    for (const file of pretenders) {
      const response = await docs.upload({ sparkId: spark._id }, file);
      expect(response.statusCode, `${file.name}: ${response.payload}`).toBe(415);
      expect(errorOf(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', errors: [UPLOAD_MESSAGES.wrongFormat] });
    }
    await expectNothingKept(spark._id, docs, before);
  });

  it("refuses a file whose bytes are not what its name says, with nothing stored and none of the trial's documents used", async () => {
    const { docs, spark, tokens } = await owner();
    const used = async () =>
      (await app().inject({ method: 'GET', url: '/api/v1/documents/allowance', headers: { authorization: `Bearer ${tokens.access_token}` } })).json().data
        .used as number;
    const before = await storedFiles();
    const text = Buffer.from('Price list\n\nSourdough loaf: 4.50\nRye loaf: 5.20\n');
    const pdf = await makePdf([{ paragraphs: ['Opening hours: 8 to 18.'] }]);
    const docx = await makeDocx([{ heading: 'Menu' }, { paragraph: 'Croissant 1.80' }]);
    const doc = makeDoc(['Delivery within two days.']);
    const mismatches = [
      {
        file: { name: 'price-list.pdf', bytes: text, type: 'application/pdf' },
        mismatch: { declared: 'pdf', found: 'text' },
        message: 'price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF.',
      },
      {
        file: { name: 'hours.txt', bytes: pdf, type: 'text/plain' },
        mismatch: { declared: 'text', found: 'pdf' },
        message: 'hours.txt is not plain text: it is a PDF. Rename it to .pdf.',
      },
      {
        file: { name: 'menu.pdf', bytes: docx },
        mismatch: { declared: 'pdf', found: 'docx' },
        message: 'menu.pdf is not a PDF: it is a Word document. Rename it to .docx.',
      },
      {
        file: { name: 'menu.docx', bytes: pdf },
        mismatch: { declared: 'docx', found: 'pdf' },
        message: 'menu.docx is not a Word document (.docx): it is a PDF. Rename it to .pdf.',
      },
      // An old Word file is opened once stored, then refused and removed all the same.
      {
        file: { name: 'delivery.docx', bytes: doc },
        mismatch: { declared: 'docx', found: 'doc' },
        message: 'delivery.docx is not a Word document (.docx): it is a Word 97–2003 document. Rename it to .doc.',
      },
      {
        file: { name: 'shop.doc', bytes: docx },
        mismatch: { declared: 'doc', found: 'docx' },
        message: 'shop.doc is not a Word 97–2003 document (.doc): it is a Word document. Rename it to .docx.',
      },
      {
        file: { name: 'shop.jpg', bytes: text },
        mismatch: { declared: 'jpeg', found: 'text' },
        message: 'shop.jpg is not a JPEG image: it holds plain text. Save it as .txt or export it as PDF.',
      },
      {
        file: { name: 'notes.md', bytes: grayPng(8, 8) },
        mismatch: { declared: 'markdown', found: 'png' },
        message: 'notes.md is not a Markdown file: it is a PNG image. Rename it to .png.',
      },
      {
        file: { name: 'items.json', bytes: pdf },
        mismatch: { declared: 'json', found: 'pdf' },
        message: 'items.json is not JSON: it is a PDF. Rename it to .pdf.',
      },
      // Without an extension the product knows, the content type is the claim.
      {
        file: { name: 'scan', bytes: text, type: 'application/pdf' },
        mismatch: { declared: 'pdf', found: 'text' },
        message: 'scan is not a PDF: it holds plain text. Save it as .txt or export it as PDF.',
      },
    ];
    for (const { file, mismatch, message } of mismatches) {
      const response = await docs.upload({ sparkId: spark._id }, file);
      expect(response.statusCode, `${file.name}: ${response.payload}`).toBe(415);
      expect(errorOf(response)).toEqual({ code: 'FILE_TYPE_MISMATCH', status: 415, errors: [message], mismatch });
    }
    await expectNothingKept(spark._id, docs, before);
    expect(await used()).toBe(0);

    // The same bytes under names that say what they are are taken, and counted; a PNG named .jpg is a photo all the same.
    for (const file of [
      { name: 'price-list.txt', bytes: text },
      { name: 'hours.pdf', bytes: pdf, type: 'application/pdf' },
      { name: 'shop.jpg', bytes: grayPng(8, 8), type: 'image/jpeg' },
    ]) {
      const response = await docs.upload({ sparkId: spark._id }, file);
      expect(response.statusCode, `${file.name}: ${response.payload}`).toBe(201);
    }
    expect(await used()).toBe(3);
    expect(
      (await docs.list(spark._id))
        .json()
        .data.map((document: { kind: string }) => document.kind)
        .sort(),
    ).toEqual(['image', 'pdf', 'text']);
  });

  it('stops reading a file over 10 MB and says how large it is', async () => {
    const { docs, spark } = await owner();
    const before = await storedFiles();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const response = await docs.upload({ sparkId: spark._id }, { name: 'big.pdf', bytes: big });
    expect(response.statusCode, response.payload).toBe(413);
    expect(errorOf(response).errors[0]).toMatch(
      new RegExp(`^The file is too large! The file must be smaller than ${LIMITS.uploadMaxMegabytes}MB\\. Your file is 11\\.\\dMB\\.$`),
    );
    await expectNothingKept(spark._id, docs, before);
  });

  it("keeps a path-traversal name as data only and never leaves the Spark's folder", async () => {
    const { docs, spark } = await owner();
    const pdf = await makePdf([{ paragraphs: ['Harmless text.'] }]);
    for (const name of ['../../../../etc/passwd.pdf', '..\\..\\windows\\win.ini.pdf', '\u202Efdp.exe', '..']) {
      const response = await docs.upload({ sparkId: spark._id, name }, { name: 'x.pdf', bytes: pdf });
      expect(response.statusCode, response.payload).toBe(201);
      const stored = response.json().data[0].document.name as string;
      expect(stored).not.toMatch(/[/\\\u202E]/);
      expect(stored).not.toBe('..');
      // Room for the next name within the trial's documents.
      expect((await docs.remove(spark._id, response.json().data[0]._id as string)).statusCode).toBe(200);
    }
    const files = await readdir(join(app().config.dataDir, 'files'), { recursive: true });
    expect(files.every((file) => !String(file).includes('passwd') && !String(file).includes('..'))).toBe(true);
  });

  it("answers another tenant's Spark, document and passage exactly like missing ones", async () => {
    const victim = await owner();
    const { document } = await victim.docs.uploadReady(victim.spark._id, 'private.pdf', await makePdf([{ paragraphs: ['The safe code is 4711.'] }]));
    const chunkId = (await victim.docs.search(victim.spark._id, 'safe code')).json().data[0].chunkId as string;
    const attacker = await owner();
    const before = await storedFiles();
    const upload = await attacker.docs.upload({ sparkId: victim.spark._id }, { name: 'x.pdf', bytes: await makePdf([{ paragraphs: ['Mine.'] }]) });
    expect(upload.statusCode).toBe(404);
    expect(await storedFiles()).toBe(before);
    expect((await attacker.docs.list(victim.spark._id)).statusCode).toBe(404);
    expect((await attacker.docs.remove(victim.spark._id, document._id)).statusCode).toBe(404);
    expect((await attacker.docs.passage(victim.spark._id, chunkId)).statusCode).toBe(404);
    expect((await attacker.docs.passage(attacker.spark._id, chunkId)).statusCode).toBe(404);
    expect((await attacker.docs.search(attacker.spark._id, 'safe code')).json().data).toEqual([]);
    // The victim's builder conversation cannot be written to either.
    const start = await victim.chat.builder(victim.spark._id, 'Start');
    const conversationId = start.json().data.conversationId as string;
    const intoTheirs = await attacker.docs.upload(
      { sparkId: attacker.spark._id, conversationId },
      { name: 'x.pdf', bytes: await makePdf([{ paragraphs: ['Mine.'] }]) },
    );
    expect(intoTheirs.statusCode).toBe(404);
    expect((await victim.docs.document(victim.spark._id, document._id)).status).toBe('ready');
  });

  it('validates the form: wrong types, long names, unknown fields, no file, file before the Spark id', async () => {
    const { docs, spark } = await owner();
    const pdf = await makePdf([{ paragraphs: ['Text.'] }]);
    const cases: Array<{ fields: Record<string, string>; status: number }> = [
      { fields: { sparkId: 'not-a-uuid' }, status: 400 },
      { fields: { sparkId: spark._id, conversationId: '42' }, status: 400 },
      { fields: { sparkId: spark._id, name: 'n'.repeat(201) }, status: 400 },
      { fields: { sparkId: spark._id, role: 'admin' }, status: 400 },
      { fields: { sparkId: spark._id, language: 'fr' }, status: 400 },
    ];
    for (const { fields, status } of cases) {
      const response = await docs.upload(fields, { name: 'a.pdf', bytes: pdf });
      expect(response.statusCode, `${JSON.stringify(fields)}: ${response.payload}`).toBe(status);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const noFile = await docs.upload({ sparkId: spark._id });
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).errors).toEqual([UPLOAD_MESSAGES.missingFile]);
    const fileFirst = await docs.upload({ sparkId: spark._id }, { name: 'a.pdf', bytes: pdf }, true);
    expect(fileFirst.statusCode).toBe(400);
    const json = await app().inject({
      method: 'POST',
      url: '/api/v1/bucket',
      headers: { authorization: `Bearer ${(await verifiedAccount(app())).tokens.access_token}` },
      payload: { sparkId: spark._id },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await app().inject({ method: 'POST', url: '/api/v1/bucket', payload: { sparkId: spark._id } });
    expect(anonymous.statusCode).toBe(401);
    expect((await docs.list(spark._id)).json().data).toEqual([]);
  });

  it("answers 402 once the plan's document limit is reached, even for parallel uploads", async () => {
    const { docs, spark, tokens } = await owner();
    void tokens;
    const [tenant] = await app().database.db.select().from(tenants).limit(1);
    expect(tenant).toBeDefined();
    const pdf = await makePdf([{ paragraphs: ['Text.'] }]);
    const limit = PLANS.free.limits.documents;
    const responses = await Promise.all(
      Array.from({ length: limit + 2 }, (_, index) => docs.upload({ sparkId: spark._id }, { name: `doc-${index}.pdf`, bytes: pdf })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    const refused = responses.filter((response) => response.statusCode === 402);
    expect(refused).toHaveLength(2);
    expect(errorOf(refused[0]!)).toMatchObject({ code: 'LIMIT_REACHED', errors: [UPLOAD_MESSAGES.limitReached] });
    const sparkDocuments = await app().database.db.select().from(documents).where(eq(documents.sparkId, spark._id));
    expect(sparkDocuments).toHaveLength(limit);
    expect(await storedFiles()).toBeGreaterThanOrEqual(limit);
  });
});
