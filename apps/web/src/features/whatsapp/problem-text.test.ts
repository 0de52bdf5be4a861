import { describe, expect, it } from 'vitest';
import { testI18n } from '#testing/render-html';
import { problemText } from './problem-text';

const at = '2026-11-27T10:00:00.000Z';

describe("a problem with Meta in the owner's words", () => {
  it('says each kind the product knows in the owner’s language, and passes Meta’s own message through for the rest', async () => {
    const es = await testI18n('es');
    expect(problemText(es.t, { kind: 'network', message: 'Meta could not be reached.', code: null, at })).toBe(
      'No se pudo contactar con Meta. Las respuestas se intentan de nuevo en un momento.',
    );
    expect(problemText(es.t, { kind: 'window', message: 'x', code: 131047, at })).toMatch(/^Han pasado más de 24 horas/);
    const meta = { kind: 'meta' as const, message: 'Meta refused the message: Unsupported post request (code 100).', code: 100, at };
    expect(problemText(es.t, meta)).toBe(meta.message);
  });
});
