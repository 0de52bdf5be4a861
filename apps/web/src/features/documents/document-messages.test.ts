import { DECLARED_FILE_TYPES, DOCUMENT_PROBLEMS, DOCUMENT_STATUSES, FOUND_FILE_CONTENTS, UPLOAD_MESSAGES, fileMismatchMessage } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentProblemText, ocrPagesText, uploadProblemText } from './document-messages';
import { testI18n } from '#testing/render-html';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

describe('upload messages', () => {
  it('are, in English, exactly the contract wording the server uses', () => {
    expect(uploadProblemText(en.t, { kind: 'wrongFormat' }, 'en')).toBe(UPLOAD_MESSAGES.wrongFormat);
    expect(uploadProblemText(en.t, { kind: 'tooLarge', megabytes: '12.5' }, 'en')).toBe(UPLOAD_MESSAGES.tooLarge('12.5'));
    expect(uploadProblemText(en.t, { kind: 'limitReached' }, 'en')).toBe(UPLOAD_MESSAGES.limitReached);
  });

  it('say what a file is when it is not what its name says: in English as the server does, and in Spanish for every pair', () => {
    for (const declared of DECLARED_FILE_TYPES)
      for (const found of FOUND_FILE_CONTENTS) {
        const problem = { kind: 'mismatch', name: 'menu.x', declared, found } as const;
        expect(uploadProblemText(en.t, problem, 'en')).toBe(fileMismatchMessage('menu.x', { declared, found }));
        const spanish = uploadProblemText(es.t, problem, 'es');
        expect(spanish, `${declared}/${found}`).toMatch(/^menu\.x no es .+: .+\.$/);
        expect(spanish).not.toContain('documents.');
      }
  });

  it('are in Spanish with its decimal comma', () => {
    expect(uploadProblemText(es.t, { kind: 'tooLarge', megabytes: '12.5' }, 'es')).toBe(
      '¡El archivo es demasiado grande! Debe pesar menos de 10 MB. Tu archivo pesa 12,5 MB.',
    );
    expect(uploadProblemText(es.t, { kind: 'wrongFormat' }, 'es')).toContain('¡Formato incorrecto!');
    for (const kind of ['limitReached', 'sparkNotFound', 'rejected', 'rateLimited', 'network', 'generic'] as const) {
      const text = uploadProblemText(es.t, { kind }, 'es');
      expect(text, kind).not.toContain('documents.');
      expect(text, kind).not.toBe(uploadProblemText(en.t, { kind }, 'en'));
    }
  });
});

describe('document problems, worded by code', () => {
  it('has a text for every problem and a label for every status in both languages', () => {
    for (const instance of [en, es]) {
      for (const code of DOCUMENT_PROBLEMS)
        expect(documentProblemText(instance.t, { code, message: 'x', pages: [{ from: 2, to: 3 }] })).not.toMatch(/^documents\./);
      for (const status of DOCUMENT_STATUSES) expect(instance.exists(`documents.status.${status}`), status).toBe(true);
    }
  });

  it('names the pages without text, in the singular for one page', () => {
    const pages = (ranges: Array<{ from: number; to: number }>) => ({ code: 'pages_without_text' as const, message: 'ignored', pages: ranges });
    expect(documentProblemText(en.t, pages([{ from: 3, to: 9 }]))).toBe('No text could be extracted from pages 3–9.');
    expect(documentProblemText(en.t, pages([{ from: 4, to: 4 }]))).toBe('No text could be extracted from page 4.');
    expect(
      documentProblemText(
        es.t,
        pages([
          { from: 3, to: 9 },
          { from: 12, to: 12 },
        ]),
      ),
    ).toBe('No se pudo extraer texto de las páginas 3–9, 12.');
  });

  it('says which budget stopped OCR, with the plan’s scanned pages or the seconds, in both languages', () => {
    const unread = [{ from: 21, to: 600 }];
    expect(documentProblemText(en.t, { code: 'ocr_page_budget', message: 'x', pages: unread, limit: 20 })).toBe(
      'Scanned pages 21–600 were not read: your plan reads up to 20 scanned pages per document. Upgrade your plan, or upload the rest as a separate file.',
    );
    expect(documentProblemText(es.t, { code: 'ocr_page_budget', message: 'x', pages: unread, limit: 20 })).toContain(
      'tu plan lee hasta 20 páginas escaneadas por documento',
    );
    expect(documentProblemText(en.t, { code: 'ocr_time_budget', message: 'x', pages: [{ from: 40, to: 40 }], limit: 120 })).toBe(
      'Reading stopped after 120 seconds, so scanned page 40 was not read. Split the scan into smaller files and upload them again.',
    );
  });

  it('never shows the server’s English message', () => {
    expect(documentProblemText(es.t, { code: 'encrypted', message: 'The PDF is encrypted' })).toBe(
      'Este PDF está protegido con contraseña. Quítale la contraseña y vuelve a subirlo.',
    );
    expect(documentProblemText(en.t, { code: 'encrypted', message: 'whatever' })).toContain('password-protected');
  });
});

describe('what OCR read', () => {
  it('names an image as read by OCR, and the scanned pages of a PDF with those worth checking, in both languages', () => {
    expect(ocrPagesText(en.t, null, [])).toBe('Read by OCR (text recognition).');
    expect(ocrPagesText(en.t, null, [{ from: 1, to: 1 }])).toBe(
      'Read by OCR (text recognition). The text was hard to read: check the answers, or send a sharper photo.',
    );
    expect(ocrPagesText(en.t, [{ from: 2, to: 4 }], [{ from: 3, to: 3 }])).toBe(
      '3 pages (2–4) were read by OCR (text recognition). Page 3 was read with low confidence.',
    );
    expect(ocrPagesText(es.t, [{ from: 2, to: 4 }], [{ from: 3, to: 3 }])).toBe(
      '3 páginas (2–4) se leyeron con OCR (reconocimiento de texto). La página 3 se leyó con poca confianza.',
    );
  });
});

describe('a JSON file cut at its record limit', () => {
  it('is worded as records, not pages', () => {
    expect(documentProblemText(en.t, { code: 'too_many_records', message: 'x' })).toBe('Only the first 20000 records were read.');
    expect(documentProblemText(es.t, { code: 'too_many_records', message: 'x' })).toBe('Solo se leyeron los primeros 20000 registros.');
  });
});
