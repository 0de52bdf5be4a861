import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { renderHtml, testI18n } from '#testing/render-html';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

describe('the password forms on their shared frame', () => {
  let en: I18n;
  beforeAll(async () => {
    en = await testI18n('en');
  });

  it('the forgot form explains itself above the address, then submits, then leads back to login', () => {
    const html = renderHtml(
      <MemoryRouter>
        <ForgotPasswordForm />
      </MemoryRouter>,
      en,
    );
    expect(html).toMatch(/^<form novalidate="" class="space-y-4" aria-label="[^"]+"><p class="text-sm text-muted">/i);
    expect(html).not.toContain('role="alert"');
    expect(html).toMatch(/<button type="submit" class="[^"]*w-full[^"]*">[^<]+<\/button><a [^>]*href="\/auth#login"/);
  });

  it('the reset form asks for the new password twice, or, without a token, for a new link', () => {
    const form = renderHtml(
      <MemoryRouter>
        <ResetPasswordForm token="t-1" />
      </MemoryRouter>,
      en,
    );
    expect(form.match(/autocomplete="new-password"/gi)).toHaveLength(2);
    expect(form).toMatch(/<button type="submit"[^>]*>[^<]+<\/button><\/form>$/);
    const notice = renderHtml(
      <MemoryRouter>
        <ResetPasswordForm token={null} />
      </MemoryRouter>,
      en,
    );
    expect(notice).toMatch(/^<div class="space-y-4"><div role="alert"[^>]*>[^<]+<\/div><a [^>]*href="\/forgot-password"/);
  });
});
