import type { VisitorRequest } from '@sparks/contract';
import { parse } from 'csv-parse/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import { requestsCsv } from './requests-csv';

const request = (question: string, extra: Partial<VisitorRequest> = {}): VisitorRequest => ({
  _id: '1',
  email: 'ana@example.com',
  question,
  language: 'es',
  status: 'open',
  answer: null,
  answeredAt: null,
  conversationId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ownerAnswerId: null,
  ...extra,
});

const read = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;

describe('the requests download', () => {
  it('starts with a byte-order mark and a header, and quotes what needs quoting', () => {
    const csv = requestsCsv([
      request('Price, "with" tax?\nAnd shipping'),
      request('¿Enviáis a Cádiz?', { status: 'answered', answer: 'Sí', answeredAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    expect(csv.startsWith('\uFEFFcreatedAt,email,language,question,status,answer,answeredAt\r\n')).toBe(true);
    expect(read(csv)).toEqual([
      {
        createdAt: '2026-11-20T10:00:00.000Z',
        email: 'ana@example.com',
        language: 'es',
        question: 'Price, "with" tax?\nAnd shipping',
        status: 'open',
        answer: '',
        answeredAt: '',
      },
      {
        createdAt: '2026-11-20T10:00:00.000Z',
        email: 'ana@example.com',
        language: 'es',
        question: '¿Enviáis a Cádiz?',
        status: 'answered',
        answer: 'Sí',
        answeredAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
  });

  it.each(['=HYPERLINK("http://evil.example","Click")', '+1+cmd', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'])('defuses a cell starting like %j', (hostile) => {
    const [row] = read(requestsCsv([request(hostile, { answer: hostile })]));
    expect(row?.question).toBe(`'${hostile}`);
    expect(row?.answer).toBe(`'${hostile}`);
  });
});
