import { MESSAGING_PLATFORMS, messagingProblemSchema } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { testI18n } from '#testing/render-html';
import { problemText } from './problem-text';

const at = '2026-11-27T10:00:00.000Z';
const KINDS = messagingProblemSchema.shape.kind.options.filter((kind) => kind !== 'platform');

describe("a problem with Meta or Telegram in the owner's words", () => {
  it('says each kind the product knows in the owner’s language, with what to do on that platform', async () => {
    const es = await testI18n('es');
    const token = { kind: 'token' as const, message: 'stored', code: 190, at };
    expect(problemText(es.t, 'meta', token)).toMatch(/^Meta rechazó el token de acceso de la página: ha caducado o se revocó\. Genera uno nuevo/);
    expect(problemText(es.t, 'telegram', token)).toMatch(/^Telegram rechazó el token del bot: se revocó o se cambió en BotFather\./);
    expect(problemText(es.t, 'telegram', { kind: 'network', message: 'stored', code: null, at })).toBe(
      'No se pudo contactar con Telegram. Las respuestas se intentan de nuevo en un momento.',
    );
  });

  it('has its own words for every kind on every platform, in every language', async () => {
    for (const language of ['en', 'es'] as const) {
      const { t } = await testI18n(language);
      for (const platform of MESSAGING_PLATFORMS)
        for (const kind of KINDS) {
          const text = problemText(t, platform, { kind, message: 'stored', code: null, at });
          expect(text, `${language} ${platform} ${kind}`).not.toContain('messaging.');
          expect(text).not.toBe('stored');
        }
    }
  });

  it('passes the platform’s own message through for what the product cannot word', async () => {
    const en = await testI18n('en');
    const problem = { kind: 'platform' as const, message: 'Telegram refused the message: Bad Request: message is too long (code 400).', code: 400, at };
    expect(problemText(en.t, 'telegram', problem)).toBe(problem.message);
  });
});
