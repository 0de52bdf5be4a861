import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '#test/test-app.js';

describe('the privacy policy at /privacy', () => {
  const harnesses: Array<Awaited<ReturnType<typeof startTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.stop()));
  });

  it('shows the built-in policy to anyone, in the visitor’s language', async () => {
    const harness = await startTestApp(undefined);
    harnesses.push(harness);
    const english = await harness.app.inject({ method: 'GET', url: '/privacy' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.payload).toContain('<h1>Privacy policy</h1>');
    expect(english.payload).toContain('Cookies and storage');
    const spanish = await harness.app.inject({ method: 'GET', url: '/privacy', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.payload).toContain('<html lang="es">');
    expect(spanish.payload).toContain('<h1>Política de privacidad</h1>');
    expect((await harness.app.inject({ method: 'GET', url: '/privacy?lng=es' })).payload).toContain('Tus derechos');
  });

  it('sends people to the operator’s own policy when one is configured, and refuses an address that is not a web page', async () => {
    const harness = await startTestApp(undefined, { PRIVACY_POLICY_URL: 'https://shop.example/privacy' });
    harnesses.push(harness);
    const response = await harness.app.inject({ method: 'GET', url: '/privacy' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/privacy');
    await expect(startTestApp(undefined, { PRIVACY_POLICY_URL: 'javascript:alert(1)' })).rejects.toThrow(/PRIVACY_POLICY_URL/);
  });
});
