import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { PublicUrlWarning } from './public-url-warning';

describe('the warning about an unset PUBLIC_URL', () => {
  it('warns in the owner’s language when the server has no PUBLIC_URL and the app is open beyond loopback', async () => {
    const en = renderHtml(<PublicUrlWarning publicUrlSet={false} hostname="192.0.2.2" />, await testI18n('en'));
    expect(en).toContain('data-testid="public-url-warning"');
    expect(en).toContain('PUBLIC_URL is not set on this server');
    const es = renderHtml(<PublicUrlWarning publicUrlSet={false} hostname="sparks.example" />, await testI18n('es'));
    expect(es).toContain('Este servidor no tiene PUBLIC_URL');
  });

  it('says nothing with PUBLIC_URL, or on the machine itself', async () => {
    const en = await testI18n('en');
    expect(renderHtml(<PublicUrlWarning publicUrlSet hostname="192.0.2.2" />, en)).toBe('');
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) expect(renderHtml(<PublicUrlWarning publicUrlSet={false} hostname={hostname} />, en)).toBe('');
  });
});
