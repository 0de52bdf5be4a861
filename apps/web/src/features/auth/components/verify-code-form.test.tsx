import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { renderHtml, testI18n } from '#testing/render-html';
import { VerifyCodeForm } from './verify-code-form';

describe('the verification form', () => {
  let en: I18n;
  let es: I18n;
  beforeAll(async () => {
    [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
  });

  it('asks for the address first when it does not know it, and cannot resend a code to nobody', () => {
    const html = renderHtml(
      <MemoryRouter>
        <VerifyCodeForm email="" editableEmail />
      </MemoryRouter>,
      en,
    );
    expect(html).toContain('Enter the e-mail address you registered with, then the 6-digit code we sent to it.');
    expect(html).not.toContain('code to .');
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Send a new code<\/button>/);
  });

  it('names the address it sent the code to right after sign-up', () => {
    const html = renderHtml(
      <MemoryRouter>
        <VerifyCodeForm email="ada@example.com" />
      </MemoryRouter>,
      es,
    );
    expect(html).toContain('ada@example.com');
    expect(html).not.toContain('Escribe el correo con el que te registraste');
  });
});
