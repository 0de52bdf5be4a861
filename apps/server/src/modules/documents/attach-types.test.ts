import type { SparkDocument, TestChatAnswer } from '@sparks/contract';
import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '#test/accounts-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { makeDoc, scannedPdf, textImage } from '#test/scanned-fixtures.js';
import { appOnTarget } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';

/**
 * Every type the attach menu offers becomes knowledge (product.md §10): photos and scans through
 * OCR, legacy Word, JSON records. OCR is slow enough that these run on the embedded database
 * only; storage of the results is the same code on both databases (documents.test.ts).
 */
describe.each(testDatabaseTargets().slice(0, 1))('attach types on $name', (target) => {
  const app = appOnTarget(target);

  async function owner() {
    const { tokens } = await verifiedAccount(app());
    const chat = chatClient(app(), tokens.access_token);
    const docs = documentsClient(app(), tokens.access_token);
    const spark = await chat.newSpark();
    const test = await chat.newTest(spark._id);
    const ask = async (question: string) => {
      const response = await chat.test(spark._id, test._id, question);
      expect(response.statusCode, response.payload).toBe(200);
      return (response.json() as { data: TestChatAnswer }).data.ai.data;
    };
    return { docs, spark, ask };
  }

  it('reads a photo by OCR, answers from it and cites it, and says the page was read by OCR', async () => {
    const { docs, spark, ask } = await owner();
    const photo = textImage([
      'Contoso Optics - warranty card',
      'Frames carry a lifetime warranty against breakage.',
      'Returns are accepted within 45 days with the receipt.',
    ]);
    const { document } = await docs.uploadReady(spark._id, 'warranty-card.png', photo);
    expect(document).toMatchObject({ kind: 'image', status: 'ready', pages: 1, language: 'en', ocrPages: [{ from: 1, to: 1 }], problem: null });
    expect(document.lowConfidencePages).toBeUndefined();
    const answer = await ask('How many days do I have to return the glasses?');
    expect(answer.content).toContain('45 days');
    expect(answer.citations?.[0]).toMatchObject({ title: 'warranty-card.png', page: 1 });
    const passage = (await docs.passage(spark._id, answer.citations![0]!.chunkId!)).json().data;
    expect(passage).toMatchObject({ readByOcr: true });
    expect(passage.text).toContain('lifetime warranty');
  });

  it('reads a Spanish photo taken as JPEG, and answers a Spanish question in Spanish', async () => {
    const { docs, spark, ask } = await owner();
    const photo = textImage(['Horario de la tienda', 'Abrimos de lunes a viernes de nueve a siete.', 'Los sábados abrimos solo por la mañana.'], 'jpeg');
    const { document } = await docs.uploadReady(spark._id, 'horario.jpg', photo);
    expect(document).toMatchObject({ kind: 'image', status: 'ready', language: 'es' });
    const answer = await ask('¿Qué días abre la tienda?');
    expect(answer.content).toMatch(/lunes a viernes/);
    expect(answer.content).not.toMatch(/This is what I found/);
  });

  it('reads the scanned pages of a PDF by OCR and its text pages as text, citing the scanned page', async () => {
    const { docs, spark, ask } = await owner();
    const pdf = await scannedPdf([
      {
        text: [
          'Store guide for customers of Contoso Optics.',
          'Our stores sell prescription glasses, sunglasses and contact lenses, and every store has an optometrist on duty.',
          'Eye tests are free for customers who buy a complete pair of glasses, and take about twenty minutes.',
          'We accept cash, cards and payment in three instalments without interest for purchases over one hundred euros.',
          'Glasses can be collected in any store, or sent to your home at no cost when the order is paid online.',
          'Frames bought in our stores can be adjusted for free at any time, even years after the purchase.',
        ],
      },
      { scan: ['Repairs', 'Lens repairs take seven working days at the Madrid workshop.'] },
    ]);
    const { document } = await docs.uploadReady(spark._id, 'guide.pdf', pdf);
    expect(document).toMatchObject({ kind: 'pdf', status: 'ready', pages: 2, ocrPages: [{ from: 2, to: 2 }], problem: null });
    const answer = await ask('How long do lens repairs take?');
    expect(answer.content).toContain('seven working days');
    expect(answer.citations?.[0]).toMatchObject({ title: 'guide.pdf', page: 2 });
    expect((await docs.passage(spark._id, answer.citations![0]!.chunkId!)).json().data).toMatchObject({ readByOcr: true });
    const textPage = (await docs.search(spark._id, 'eye tests free')).json().data[0];
    expect((await docs.passage(spark._id, textPage.chunkId)).json().data.readByOcr).toBeUndefined();
  });

  it('reads a Word 97–2003 document, and refuses a protected one and an OLE file that is not Word', async () => {
    const { docs, spark, ask } = await owner();
    const doc = makeDoc(['Delivery policy', 'Orders placed before noon ship the same day from Valencia.', 'Delivery to the Canary Islands takes five days.']);
    const { document } = await docs.uploadReady(spark._id, 'delivery.doc', doc);
    expect(document).toMatchObject({ kind: 'doc', status: 'ready', problem: null });
    expect((await ask('How long does delivery to the Canary Islands take?')).content).toContain('five days');

    const locked = await docs.uploadReady(spark._id, 'locked.doc', makeDoc(['Secret'], { encrypted: true }));
    expect(locked.document).toMatchObject({ status: 'failed', problem: { code: 'encrypted' } });

    const workbook = CFB.utils.cfb_new();
    CFB.utils.cfb_add(workbook, '/Workbook', Buffer.from('not a word document'));
    const refused = await docs.upload(
      { sparkId: spark._id },
      { name: 'prices.doc', bytes: Buffer.from(CFB.write(workbook, { type: 'buffer' }) as Uint8Array) },
    );
    expect(refused.statusCode).toBe(415);
  });

  it('reads JSON as records, each under its name, and answers a question about one record', async () => {
    const { docs, spark, ask } = await owner();
    const catalogue = {
      store: 'Contoso Optics',
      updated: '2026-11-01',
      products: [
        { sku: 'F-100', name: 'Aviator frame', price: { amount: 129, currency: 'EUR' }, colours: ['gold', 'silver'] },
        { sku: 'F-200', name: 'Round frame', price: { amount: 99, currency: 'EUR' }, colours: ['black'] },
        { sku: 'L-300', name: 'Blue light lenses', price: { amount: 59, currency: 'EUR' }, colours: [] },
      ],
    };
    const { document } = await docs.uploadReady(spark._id, 'catalogue.json', Buffer.from(JSON.stringify(catalogue)));
    expect(document).toMatchObject({ kind: 'json', status: 'ready', problem: null });
    const search = (await docs.search(spark._id, 'Round frame price')).json().data;
    expect(JSON.stringify(search)).toContain('price.amount: 99');
    expect((await ask('What colours does the aviator frame come in?')).content).toMatch(/gold, silver/);
  });

  it('ends malformed, deeply nested and oversized inputs as a problem of the document, and keeps answering', async () => {
    const { docs, spark } = await owner();
    const broken = await docs.uploadReady(spark._id, 'broken.json', Buffer.from('{"products": [ {"name": "A"}, '));
    expect(broken.document).toMatchObject({ status: 'failed', problem: { code: 'corrupt' } });
    expect(broken.document.problem?.message).toMatch(/not valid JSON/);

    const deep = await docs.uploadReady(spark._id, 'deep.json', Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`));
    expect(deep.document).toMatchObject({ status: 'failed', problem: { code: 'too_complex' } });

    // A PNG whose header claims 100,000 × 100,000 pixels: refused before a pixel is decoded.
    const bomb = Buffer.from(textImage(['x']));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const started = Date.now();
    const big = await docs.uploadReady(spark._id, 'bomb.png', bomb);
    expect(big.document).toMatchObject({ status: 'failed', problem: { code: 'too_complex' } });
    expect(Date.now() - started).toBeLessThan(20_000);

    const list = (await docs.list(spark._id)).json().data as SparkDocument[];
    expect(list.map((item) => item.status).sort()).toEqual(['failed', 'failed', 'failed']);
  });

  it('ends a photo that claims huge dimensions and a Word file whose text table lies within the budget', async () => {
    const { docs, spark } = await owner();
    // A JPEG whose frame header claims 60,000 × 60,000 pixels.
    const photo = Buffer.from(textImage(['y'], 'jpeg'));
    const frame = photo.findIndex((byte, index) => byte === 0xff && photo[index + 1] === 0xc0);
    photo.writeUInt16BE(60_000, frame + 5);
    photo.writeUInt16BE(60_000, frame + 7);
    expect((await docs.uploadReady(spark._id, 'bomb.jpg', photo)).document).toMatchObject({ status: 'failed', problem: { code: 'too_complex' } });

    // A Word file whose piece table claims two billion characters over a few bytes of text.
    const doc = makeDoc(['Short text']);
    const claims = CFB.read(doc, { type: 'buffer' });
    const main = Buffer.from(CFB.find(claims, 'WordDocument')!.content as Uint8Array);
    main.writeUInt32LE(0x7fffffff, 0x4c);
    CFB.utils.cfb_add(claims, '/WordDocument', main);
    const liar = await docs.uploadReady(spark._id, 'liar.doc', Buffer.from(CFB.write(claims, { type: 'buffer' }) as Uint8Array));
    expect(['ready', 'failed']).toContain(liar.document.status);
    expect((await docs.search(spark._id, 'short text')).statusCode).toBe(200);
  });
});
