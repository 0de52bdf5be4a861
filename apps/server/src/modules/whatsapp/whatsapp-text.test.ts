import { WHATSAPP_TEXT_MAX_CHARS } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { splitForWhatsapp, whatsappReply } from './whatsapp-text.js';

describe('answers as WhatsApp messages', () => {
  it('writes markdown in WhatsApp’s marks and numbers the sources with their page or link', () => {
    const parts = whatsappReply(
      {
        role: 'spark',
        content: '## Returns\n\nYou have **30 days** [1], see [the form](https://shop.example/returns) [2].',
        citations: [
          { marker: 1, title: 'Returns policy', page: 3, excerpt: '…' },
          { marker: 2, title: 'Returns page', excerpt: '…', url: 'https://shop.example/returns' },
        ],
        createdAt: '2026-11-27T10:00:00.000Z',
      },
      'es',
    );
    expect(parts).toEqual([
      '*Returns*\n\nYou have *30 days* [1], see the form (https://shop.example/returns) [2].\n\nFuentes:\n[1] Returns policy, pág. 3\n[2] Returns page https://shop.example/returns',
    ]);
  });

  it('writes a quoted table as a line for each row, its cells under their headers, since WhatsApp has no tables', () => {
    const [text] = whatsappReply(
      {
        role: 'spark',
        content: 'Esto es lo que he encontrado:\n\n**Horario**\n\n| Día | Horas |\n| - | - |\n| Domingo | 8:30 – 13:00 |\n| Sábado | 8:00 – 14:00 |\n\n[1] [2]',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
      'es',
    );
    expect(text).toBe('Esto es lo que he encontrado:\n\n*Horario*\n\n*Domingo* · Horas: 8:30 – 13:00\n*Sábado* · Horas: 8:00 – 14:00\n\n[1] [2]');
  });

  it('splits a long answer between paragraphs, each part within WhatsApp’s limit, losing nothing', () => {
    const paragraph = 'The frame is covered for life. '.repeat(40).trim();
    const text = Array.from({ length: 12 }, (_, index) => `${index + 1}. ${paragraph}`).join('\n\n');
    const parts = splitForWhatsapp(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX_CHARS);
    // Each part ends where a paragraph ends.
    for (const part of parts) expect(part.endsWith(paragraph)).toBe(true);
    expect(parts.join('\n\n')).toBe(text);
    // A text without breaks is cut between words, and one without spaces where it must.
    expect(splitForWhatsapp('word '.repeat(2000)).every((part) => part.length <= WHATSAPP_TEXT_MAX_CHARS && !part.startsWith(' '))).toBe(true);
    expect(splitForWhatsapp('x'.repeat(9000)).map((part) => part.length)).toEqual([4096, 4096, 808]);
  });
});
