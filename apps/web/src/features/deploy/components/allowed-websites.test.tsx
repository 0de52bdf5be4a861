import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { AllowedWebsites } from './allowed-websites';

describe('the allowed websites of the deploy panel', () => {
  it('tells the owner where the chat was refused lately and why, with a way to allow it', async () => {
    const html = renderHtml(
      <AllowedWebsites
        origins={['https://shop.example']}
        refusals={[
          { origin: 'http://shop.example', reason: 'not-listed', times: 3, lastAt: '2026-11-24T10:00:00.000Z' },
          { origin: 'https://blog.example', reason: 'over-plan', times: 1, lastAt: '2026-11-23T10:00:00.000Z' },
        ]}
        saving={false}
        error={null}
        onChange={() => undefined}
      />,
      await testI18n('en'),
    );
    expect(html).toContain('The chat was refused on these websites in the last week:');
    expect(html).toContain('not in your list (3 times)');
    expect(html).toContain('your plan allows fewer Sparks on websites (once)');
    expect(html.match(/Allow it/g)).toHaveLength(1);
    expect(html).toContain('An address without http:// or https:// is allowed on both.');
  });

  it('shows nothing about refusals when there were none', async () => {
    const html = renderHtml(<AllowedWebsites origins={[]} refusals={[]} saving={false} error={null} onChange={() => undefined} />, await testI18n('es'));
    expect(html).not.toContain('widget-refusals');
  });
});
