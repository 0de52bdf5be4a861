import { describe, expect, it } from 'vitest';
import { requestsCsv } from './requests-csv';

describe('the requests download', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    const csv = requestsCsv([
      {
        _id: '1',
        email: 'ana@example.com',
        question: 'Price, "with" tax?\nAnd shipping',
        language: 'es',
        status: 'open',
        answer: null,
        answeredAt: null,
        conversationId: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        _id: '2',
        email: 'eve@example.com',
        question: '=HYPERLINK("http://evil.example")',
        language: 'en',
        status: 'answered',
        answer: 'No',
        answeredAt: '2026-11-21T10:00:00.000Z',
        conversationId: null,
        createdAt: '2026-11-20T11:00:00.000Z',
      },
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('createdAt,email,language,question,status,answer,answeredAt');
    expect(lines[1]).toBe('2026-11-20T10:00:00.000Z,ana@example.com,es,"Price, ""with"" tax?\nAnd shipping",open,,');
    expect(lines[2]).toBe(`2026-11-20T11:00:00.000Z,eve@example.com,en,"'=HYPERLINK(""http://evil.example"")",answered,No,2026-11-21T10:00:00.000Z`);
  });
});
