import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChatMarkdown } from './chat-markdown';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const english = JSON.parse(readFileSync(new URL('../../../../public/locales/en/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  await i18n.init({ lng: 'en', resources: { en: { translation: english } } });
});

const render = (content: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ChatMarkdown content={content} citations={[{ marker: 1, title: 'Policy', excerpt: '30 days' }]} />
    </I18nextProvider>,
  );

describe('answer Markdown', () => {
  it('keeps raw HTML as visible text, never as markup', () => {
    const html = render('Hi <img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('removes unsafe links and opens safe ones in a new tab without opener', () => {
    const html = render('[bad](javascript:alert(1)) [data](data:text/html,x) [good](https://example.com) [mail](mailto:a@example.com)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="mailto:a@example.com"');
  });

  it('shows a quoted table as a table that scrolls within the bubble, and links no bare address', () => {
    const html = render('**Opening hours**\n\n| Day | Hours |\n| - | - |\n| Sunday | 8:30 – 13:00 |\n\n[1]\n\nSee www.example.com');
    expect(html).toMatch(
      /<div tabindex="0" class="[^"]*overflow-x-auto[^"]*"><table[^>]*><thead><tr><th>Day<\/th><th>Hours<\/th><\/tr><\/thead><tbody><tr><td>Sunday<\/td><td>8:30 – 13:00<\/td><\/tr><\/tbody><\/table><\/div>/,
    );
    expect(html).not.toContain('| Day |');
    expect(html).toContain('data-citation-chip="1"');
    expect(html).not.toContain('href="http://www.example.com"');
  });

  it('shows images as their description and loads nothing', () => {
    const html = render('![A red bicycle](https://tracker.example/pixel.png)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('A red bicycle');
  });

  it('shows a code block as preformatted code that keeps its lines and can be scrolled by keyboard, markup inside kept as text', () => {
    const html = render('Run:\n\n```\n$ make install\n  <script>alert(1)</script> [1]\n```\n\n[1]');
    expect(html).toContain('<pre tabindex="0"><code>$ make install\n  &lt;script&gt;alert(1)&lt;/script&gt; [1]\n</code></pre>');
    expect(html.match(/<button/g)).toHaveLength(1);
  });

  it('turns markers of known citations into chip buttons and leaves other brackets alone', () => {
    const html = render('Thirty days [1], maybe [2], and `code [1]`.');
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('data-citation-chip="1"');
    expect(html).toContain('aria-label="Source 1"');
    expect(html).toContain('[2]');
    expect(html).toContain('<code>code [1]</code>');
  });
});
