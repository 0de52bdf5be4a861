import type { ActionTrial, Language } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { ActionTryResult } from './action-try-result';

const run: ActionTrial['run'] = {
  _id: 'run-1',
  actionId: 'a1',
  actionName: 'Order status',
  source: 'try',
  inputs: { order: 'A-1042' },
  status: 'ok',
  httpStatus: 200,
  problem: null,
  durationMs: 245,
  at: '2026-12-01T10:00:00.000Z',
};
const LONG_URL = `https://shop.example/api/orders/A-1042?${'expand=items&'.repeat(30)}`;
const TRIAL: ActionTrial = {
  run,
  request: { method: 'GET', url: LONG_URL, headers: { Authorization: '••••••', 'X-Shop': 'casa-lucia' }, body: null },
  response: { status: 200, body: '{"order":{"status":"shipped","eta":"Friday"}}' },
  reply: 'Your order shipped arrives Friday',
};

const render = async (language: Language, trial: ActionTrial) => renderHtml(<ActionTryResult trial={trial} />, await testI18n(language));

describe('the result of trying an action', () => {
  it('shows the request as sent with its secrets masked, the answer, and what the visitor reads', async () => {
    const html = await render('en', TRIAL);
    expect(html).toContain('role="status"');
    expect(html).toContain('It worked.');
    expect(html).toContain('Took 245 ms.');
    expect(html).toMatch(/data-testid="action-try-request"><span class="font-semibold">GET<\/span> https:\/\/shop\.example\/api\/orders\/A-1042\?expand=items/);
    // The request line and the answer wrap anywhere: a long address never widens the panel.
    expect(html).toMatch(/class="[^"]*\[overflow-wrap:anywhere\][^"]*" data-testid="action-try-request"/);
    const rows = [...html.matchAll(/<tr class="border-t[^"]*"><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)<\/td><\/tr>/g)].map((match) => [match[1], match[2]]);
    expect(rows).toEqual([
      ['Authorization', '••••••'],
      ['X-Shop', 'casa-lucia'],
    ]);
    expect(html).toContain('>HTTP 200</p>');
    expect(html).toMatch(/<pre class="max-h-60 overflow-auto whitespace-pre-wrap[^"]*">\{&quot;order&quot;:\{&quot;status&quot;:&quot;shipped&quot;/);
    expect(html).toContain('The visitor reads');
    expect(html).toContain('data-testid="action-try-reply">Your order shipped arrives Friday</blockquote>');

    const spanish = await render('es', TRIAL);
    expect(spanish).toContain('Ha funcionado.');
    expect(spanish).toContain('Lo que lee el visitante');
    expect(spanish).toContain('>Valor enviado</th>');
    expect(spanish).toContain('<td class="py-1 font-mono [overflow-wrap:anywhere]">••••••</td>');
  });

  it('says a failed call failed and why, and reads out the fallback', async () => {
    const html = await render('en', {
      ...TRIAL,
      run: { ...run, status: 'failed', httpStatus: 404, problem: 'The API answered 404.' },
      response: { status: 404, body: '' },
      reply: 'I could not look up your order just now.',
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('It did not work.');
    expect(html).toContain('The API answered 404.');
    expect(html).toContain('>HTTP 404</p>');
    expect(html).toContain('The answer was empty.');
    expect(html).toContain('>I could not look up your order just now.</blockquote>');
  });

  it('shows a built link as a link, not as a call', async () => {
    const html = await render('en', {
      ...TRIAL,
      request: { method: 'LINK', url: 'https://booking.example/table?date=2026-12-24', headers: {}, body: null },
      response: null,
      reply: 'Book here: https://booking.example/table?date=2026-12-24',
    });
    expect(html).toContain('<span class="font-semibold">Link</span> https://booking.example/table?date=2026-12-24');
    expect(html).not.toContain('<table');
    expect(html).toContain('A link is not called: the visitor opens it.');
  });
});
