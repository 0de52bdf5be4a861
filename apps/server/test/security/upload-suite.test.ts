import { readdir } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { LIMITS, UPLOAD_MESSAGES, type SparkDocument } from '@sparks/contract';
import { zipSync, strToU8 } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { subscribe } from '#test/billing-helpers.js';
import { chatClient } from '#test/chat-helpers.js';
import { makePdf } from '#test/document-fixtures.js';
import { documentsClient } from '#test/documents-helpers.js';
import { hostileFiles, type MultipartPart } from '#test/hostile-files.js';
import { type startTestApp, startTestAppOn } from '#test/test-app.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { documents } from '#src/db/schema.js';
import { INGESTION_JOB } from '#src/modules/documents/ingestion/ingestion-job.js';

/**
 * Attacks on document uploads (docs/decisions/0008, "Types by bytes") and the readers behind them.
 * Proven in documents/upload-attacks.test.ts, so not repeated here: HTML, SVG and GIF named .pdf; each readable kind under another's name;
 * a broken ZIP named .docx; an ELF named .txt; a PDF over 10 MB; traversal in the `name` field; other
 * tenants' Sparks; form validation; the plan's document limit under parallel uploads.
 */
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOCUMENT_KEY = /^tenants\/[0-9a-f-]{36}\/sparks\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}$/;

describe.each(testDatabaseTargets())(
  'document uploads under attack on $name',
  (target) => {
    let harness: Awaited<ReturnType<typeof startTestApp>>;
    const app = () => harness.app;
    beforeAll(async () => {
      harness = await startTestAppOn(target);
    });
    afterAll(async () => harness?.stop());

    async function owner() {
      const { tokens } = await verifiedAccount(app());
      // The paid plan's room for documents, so each attack needs no clean-up to make space for the next.
      await subscribe(app(), tokens.access_token, 'emerald');
      const spark = await chatClient(app(), tokens.access_token).newSpark();
      const docs = documentsClient(app(), tokens.access_token);
      const form = (parts: MultipartPart[]) => {
        const body = hostileFiles.rawMultipart(parts);
        return app().inject({
          method: 'POST',
          url: '/api/v1/bucket',
          headers: { authorization: `Bearer ${tokens.access_token}`, ...body.headers },
          payload: body.payload,
        });
      };
      const withFile = (filename: string, bytes: Buffer) =>
        form([
          { name: 'sparkId', value: spark._id },
          { name: 'file', filename, bytes },
        ]);
      return { tokens, spark, docs, form, withFile };
    }

    /** Every stored file, relative to the files folder of the data directory. */
    async function storedFiles(): Promise<string[]> {
      const root = join(harness.dataDir, 'files');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          join(entry.parentPath, entry.name)
            .slice(root.length + 1)
            .split(sep)
            .join('/'),
        );
    }

    const documentRows = async () => (await app().database.db.select({ id: documents.id }).from(documents)).length;
    const snapshot = async () => ({ files: (await storedFiles()).sort(), rows: await documentRows() });

    function expectClientError(response: LightMyRequestResponse, status: number, label: string) {
      expect(response.statusCode, `${label}: ${response.payload}`).toBe(status);
      const body = errorOf(response);
      expect(body.errors.length, label).toBeGreaterThan(0);
      expect(body.errors.join(' '), label).not.toMatch(/\bat \S+ \(|Error:|node_modules/);
    }

    /** Waits for ingestion while checking the API still answers promptly: readers must never hold the server. */
    async function ingestWhileResponsive(docs: ReturnType<typeof documentsClient>, sparkId: string, documentId: string): Promise<SparkDocument> {
      const done = app().jobs.idle(INGESTION_JOB);
      let finished = false;
      void done.then(() => (finished = true));
      const latencies: number[] = [];
      while (!finished) {
        const started = performance.now();
        expect((await docs.list(sparkId)).statusCode).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((wake) => setTimeout(wake, 100));
      }
      await done;
      expect(Math.max(...latencies), `list latencies while reading: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(2_000);
      return docs.document(sparkId, documentId);
    }

    it('refuses executables, non-Word ZIPs and markup by their bytes, whatever the name and type, without echoing them', async () => {
      const { spark, docs } = await owner();
      const before = await snapshot();
      const pretenders = [
        {
          name: 'report.docx',
          type: WORD,
          bytes: Buffer.concat([
            Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'),
            Buffer.alloc(600, 0),
            Buffer.from('This program cannot be run in DOS mode.'),
          ]),
        },
        { name: 'report.docx', type: WORD, bytes: Buffer.from(zipSync({ 'payload.js': strToU8('alert(document.cookie)'), 'readme.txt': strToU8('hello') })) },
        // Word's main part without the package's content types: not a Word document either.
        { name: 'half.docx', type: WORD, bytes: Buffer.from(zipSync({ 'word/document.xml': strToU8('<w:document/>') })) },
        { name: 'notes.md', type: 'text/markdown', bytes: Buffer.from('\uFEFF  \n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
        { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('<!-- harmless? --><html><body onload="alert(1)"></body></html>') },
        { name: 'data.txt', type: 'text/plain', bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>') },
        { name: '<img src=x onerror=alert(1)>.pdf', type: 'application/pdf', bytes: Buffer.from('<script>alert("named")</script>') },
      ];
      for (const file of pretenders) {
        const response = await docs.upload({ sparkId: spark._id }, file);
        expectClientError(response, 415, file.name);
        expect(errorOf(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', errors: [UPLOAD_MESSAGES.wrongFormat] });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.payload, file.name).not.toMatch(/[<>]|alert|MZ/);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses bytes that belie the name or type any client sends, before a byte is kept, quoting no markup back', async () => {
      const { spark, form } = await owner();
      const before = await snapshot();
      const pdf = await makePdf([{ paragraphs: ['Refunds take five days.'] }]);
      const text = Buffer.from('Price list: sourdough 4.50, rye 5.20.');
      const cases: Array<{ filename: string; type?: string; bytes: Buffer; mismatch: { declared: string; found: string } }> = [
        { filename: 'price-list.pdf', type: 'application/pdf', bytes: text, mismatch: { declared: 'pdf', found: 'text' } },
        // The name is the claim even when the type agrees with the bytes: the owner sees and picks the name.
        { filename: 'price-list.pdf', type: 'text/plain', bytes: text, mismatch: { declared: 'pdf', found: 'text' } },
        { filename: 'refunds.txt', bytes: pdf, mismatch: { declared: 'text', found: 'pdf' } },
        // No extension: the part's own type is the claim.
        { filename: 'refunds', type: 'application/msword', bytes: pdf, mismatch: { declared: 'doc', found: 'pdf' } },
        { filename: '<img src=x onerror=alert(1)>.pdf', type: 'application/pdf', bytes: text, mismatch: { declared: 'pdf', found: 'text' } },
      ];
      for (const { filename, type, bytes, mismatch } of cases) {
        const response = await form([
          { name: 'sparkId', value: spark._id },
          { name: 'file', filename, bytes, ...(type ? { type } : {}) },
        ]);
        expectClientError(response, 415, filename);
        expect(errorOf(response), filename).toMatchObject({ code: 'FILE_TYPE_MISMATCH', mismatch });
        expect(response.payload, filename).not.toMatch(/[<>]|alert/);
      }
      expect(await snapshot()).toEqual(before);
      // A file that says nothing of itself is taken by what its bytes are.
      const unnamed = await form([
        { name: 'sparkId', value: spark._id },
        { name: 'file', filename: 'refunds', type: 'application/octet-stream', bytes: pdf },
      ]);
      expect(unnamed.statusCode, unnamed.payload).toBe(201);
      expect(unnamed.json().data[0].document.kind).toBe('pdf');
    });

    it('takes a PDF-then-HTML polyglot only as a PDF: it reads as damaged, and its markup never comes back', async () => {
      const { spark, docs } = await owner();
      const html = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
      const polyglot = await docs.upload({ sparkId: spark._id }, { name: 'invoice.pdf', type: 'text/html', bytes: Buffer.from(`%PDF-1.7\n${html}\n`) });
      expect(polyglot.statusCode, polyglot.payload).toBe(201);
      const id = polyglot.json().data[0]._id as string;
      // A real PDF with the page appended after its end: the text is read, the markup is not.
      const appended = await docs.upload(
        { sparkId: spark._id },
        { name: 'real.pdf', bytes: Buffer.concat([await makePdf([{ paragraphs: ['Refunds take five days.'] }]), Buffer.from(html)]) },
      );
      expect(appended.statusCode, appended.payload).toBe(201);
      expect(await ingestWhileResponsive(docs, spark._id, id)).toMatchObject({ status: 'failed', problem: { code: 'corrupt' } });
      const real = await docs.document(spark._id, appended.json().data[0]._id as string);
      expect(real.status).toBe('ready');
      const found = (await docs.search(spark._id, 'refunds')).json().data as Array<{ excerpt: string }>;
      expect(found.map((passage) => passage.excerpt).join(' ')).toContain('Refunds take five days.');
      // No route serves a document's bytes; what the API shows of both is plain data.
      for (const response of [await docs.list(spark._id), await docs.search(spark._id, 'script alert cookie')])
        expect(response.payload).not.toMatch(/<script|alert\(/);
    });

    it('keeps hostile file names as cleaned data: the file lands under a server-made key inside the data directory', async () => {
      const { spark, docs, withFile } = await owner();
      const pdf = await makePdf([{ paragraphs: ['Harmless text.'] }]);
      const besideBefore = await readdir(resolve(harness.dataDir, '..'));
      const names = [
        '../../etc/passwd.pdf',
        '..\\..\\win.ini.pdf',
        '/etc/shadow.pdf',
        'C:\\Windows\\System32\\drivers\\etc\\hosts.pdf',
        'nul\u0000byte.pdf',
        'bell\u0007escape\u001b[31mred\u007f.pdf',
        'invoice\u202Efdp.exe',
        'isolate\u2066\u2067\u2068\u2069.pdf',
        `${'a'.repeat(1_000)}.pdf`,
        '.',
        '..',
        '...',
        '....',
        ' ',
        '',
      ];
      for (const name of names) {
        const label = JSON.stringify(name).slice(0, 40);
        const before = await storedFiles();
        const response = await withFile(name, pdf);
        expect(response.statusCode, `${label}: ${response.payload}`).toBeLessThan(500);
        if (response.statusCode !== 201) {
          expectClientError(response, response.statusCode, label);
          expect(await storedFiles()).toEqual(before);
          continue;
        }
        const stored = response.json().data[0].document.name as string;
        // eslint-disable-next-line no-control-regex
        expect(stored, label).not.toMatch(/[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
        expect(stored.length, label).toBeLessThanOrEqual(200);
        expect(stored, label).not.toMatch(/^\.*$/);
        const added = (await storedFiles()).filter((file) => !before.includes(file));
        expect(added, label).toHaveLength(1);
        expect(added[0], label).toMatch(DOCUMENT_KEY);
        expect(resolve(harness.dataDir, 'files', added[0]!).startsWith(resolve(harness.dataDir, 'files') + sep)).toBe(true);
        // Deleting it removes exactly that file, and makes room within the plan for the next name.
        expect((await docs.remove(spark._id, response.json().data[0]._id as string)).statusCode).toBe(200);
        expect(await storedFiles()).toEqual(before);
      }
      // Nothing new beside the data directory, where a traversal out of it would have landed.
      const appeared = (await readdir(resolve(harness.dataDir, '..'))).filter((entry) => !besideBefore.includes(entry));
      expect(appeared.filter((entry) => /passwd|shadow|win\.ini|hosts|^etc$|^Windows$/i.test(entry))).toEqual([]);
    });

    it('refuses a file over the cap with 413 and a message, whether or not the request says its length, and keeps nothing', async () => {
      const { spark, docs, tokens } = await owner();
      const before = await snapshot();
      const text = (bytes: number) => Buffer.alloc(bytes, 'plain words ');
      const over = await docs.upload({ sparkId: spark._id }, { name: 'big.txt', bytes: text(LIMITS.uploadMaxBytes + 1) });
      expectClientError(over, 413, 'one byte over');
      expect(errorOf(over)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: [UPLOAD_MESSAGES.tooLarge('10.1')] });
      // Sent in chunks with no length announced, the cap still stops the stream part-way.
      const body = hostileFiles.rawMultipart([
        { name: 'sparkId', value: spark._id },
        { name: 'file', filename: 'stream.txt', bytes: text(3 * LIMITS.uploadMaxBytes) },
      ]);
      const streamed = await app().inject({
        method: 'POST',
        url: '/api/v1/bucket',
        headers: { authorization: `Bearer ${tokens.access_token}`, ...body.headers },
        payload: Readable.from([body.payload.subarray(0, 1 << 20), body.payload.subarray(1 << 20)]),
      });
      expectClientError(streamed, 413, 'streamed');
      expect(errorOf(streamed).errors[0]).toMatch(/^The file is too large! The file must be smaller than 10MB\./);
      expect(await snapshot()).toEqual(before);
      // The cap itself is allowed: the refusals above were about size alone.
      const atCap = await docs.upload({ sparkId: spark._id }, { name: 'full.txt', bytes: text(LIMITS.uploadMaxBytes) });
      expect(atCap.statusCode, atCap.payload).toBe(201);
      expect(atCap.json().data[0].document.sizeBytes).toBe(LIMITS.uploadMaxBytes);
      expect((await docs.remove(spark._id, atCap.json().data[0]._id as string)).statusCode).toBe(200);
    });

    it('ends parser bombs in a plain failed or ready state within seconds, while the API keeps answering', async () => {
      const { spark, docs } = await owner();
      const bombs = [
        { name: 'bomb.docx', bytes: hostileFiles.docxBomb(500), expect: 'too_complex' },
        { name: 'pages.pdf', bytes: hostileFiles.pdfWithHugePageCount(), expect: 'any' },
        { name: 'arrays.pdf', bytes: hostileFiles.pdfWithNestedArrays(100_000), expect: 'any' },
        { name: 'content.pdf', bytes: hostileFiles.pdfWithNestedContent(100_000), expect: 'any' },
        { name: 'dictionaries.pdf', bytes: hostileFiles.pdfWithNestedDictionaries(100_000), expect: 'any' },
        // One enormous line each: a Markdown heading of spaces once took cubic time, a word of 9 MB has nowhere to be cut.
        { name: 'heading.md', bytes: Buffer.from(`# a${' '.repeat(9 * 1024 * 1024)}b\n`), expect: 'ready' },
        { name: 'line.txt', bytes: Buffer.alloc(9 * 1024 * 1024, 'x'), expect: 'ready' },
      ];
      const started = Date.now();
      const ids: string[] = [];
      for (const bomb of bombs) {
        const response = await docs.upload({ sparkId: spark._id }, bomb);
        expect(response.statusCode, `${bomb.name}: ${response.payload}`).toBe(201);
        ids.push(response.json().data[0]._id as string);
      }
      await ingestWhileResponsive(docs, spark._id, ids[0]!);
      // Before the Markdown fix the heading alone held the reader until its 130 s hard stop.
      expect(Date.now() - started).toBeLessThan(45_000);
      for (const [index, bomb] of bombs.entries()) {
        const document = await docs.document(spark._id, ids[index]!);
        expect(['ready', 'failed'], `${bomb.name}: ${JSON.stringify(document)}`).toContain(document.status);
        if (bomb.expect === 'ready') expect(document.status, bomb.name).toBe('ready');
        if (bomb.expect !== 'any' && bomb.expect !== 'ready') expect(document.problem?.code, bomb.name).toBe(bomb.expect);
        if (document.problem) expect(document.problem.message, bomb.name).toMatch(/^[A-Z][^<>{}]*\.$/);
      }
      const line = await docs.document(spark._id, ids[6]!);
      expect(line.chunks).toBe(1);
    });

    it('answers odd forms with a 4xx and a message: file first, two files, no file, an empty file, broken bodies', async () => {
      const { spark, docs, form, tokens } = await owner();
      const before = await snapshot();
      const pdf = await makePdf([{ paragraphs: ['Text.'] }]);
      const sparkId = { name: 'sparkId', value: spark._id };
      const file = (filename: string, bytes = pdf) => ({ name: 'file', filename, bytes });
      const cases: Array<[string, MultipartPart[], number, string]> = [
        ['file before the Spark id', [file('a.pdf'), sparkId], 400, 'body.sparkId: must be a Spark id'],
        ['two files', [sparkId, file('one.pdf'), file('two.pdf')], 400, 'Send one file per upload.'],
        ['a file part without a file name', [sparkId, { name: 'file', value: 'not a file' }], 400, UPLOAD_MESSAGES.missingFile],
        ['no parts at all', [], 400, UPLOAD_MESSAGES.missingFile],
        [
          'nine fields',
          [sparkId, ...Array.from({ length: 8 }, (_, index) => ({ name: `extra${index}`, value: 'x' }))],
          400,
          'The form has more fields than an upload takes (sparkId, conversationId, name, language, replaces).',
        ],
      ];
      for (const [label, parts, status, message] of cases) {
        const response = await form(parts);
        expectClientError(response, status, label);
        expect(errorOf(response), label).toMatchObject({ code: 'VALIDATION_FAILED', errors: [message] });
      }
      // Bodies a multipart reader cannot finish: cut off mid-file, or under another boundary than announced.
      const whole = hostileFiles.rawMultipart([sparkId, file('cut.pdf')]);
      for (const [label, payload] of [
        ['cut off', whole.payload.subarray(0, whole.payload.length - 200)],
        ['wrong boundary', Buffer.from(whole.payload.toString('latin1').replaceAll('hostile-boundary', 'other-boundary'), 'latin1')],
      ] as const) {
        const response = await app().inject({
          method: 'POST',
          url: '/api/v1/bucket',
          headers: { authorization: `Bearer ${tokens.access_token}`, ...whole.headers },
          payload,
        });
        expectClientError(response, 400, label);
      }
      // An empty file, of any kind, is refused at once: there is nothing to read, so nothing is kept.
      for (const name of ['empty.txt', 'empty.pdf', 'empty.docx', 'empty.md']) {
        const empty = await form([sparkId, file(name, Buffer.alloc(0))]);
        expectClientError(empty, 400, name);
        expect(errorOf(empty), name).toMatchObject({ code: 'EMPTY_FILE', errors: [UPLOAD_MESSAGES.emptyFile] });
      }
      expect(await snapshot()).toEqual(before);
      // One byte is content: taken like any text, it ends ready or failed with a plain reason, never stuck.
      const tiny = await form([sparkId, file('tiny.txt', Buffer.from(' '))]);
      expect(tiny.statusCode, tiny.payload).toBe(201);
      const document = await ingestWhileResponsive(docs, spark._id, tiny.json().data[0]._id as string);
      expect(document).toMatchObject({ status: 'failed', problem: { code: 'empty', message: 'The file has no text.' } });
    });
  },
  120_000,
);
