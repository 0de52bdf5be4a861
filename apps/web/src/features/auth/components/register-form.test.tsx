import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { RegisterForm } from './register-form';

describe('the sign-up form', () => {
  it('links the privacy checkbox to the policy, opened beside the form', async () => {
    for (const [language, words] of [
      ['en', 'privacy policy'],
      ['es', 'política de privacidad'],
    ] as const) {
      const html = renderHtml(
        <MemoryRouter>
          <RegisterForm onRegistered={() => undefined} />
        </MemoryRouter>,
        await testI18n(language),
      );
      expect(html).toContain(`<a href="/privacy" target="_blank" rel="noopener" class="font-medium text-primary underline underline-offset-2">${words}</a>`);
    }
  });
});
