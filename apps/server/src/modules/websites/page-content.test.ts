import { describe, expect, it } from 'vitest';
import { pageContent, UnreadablePageError } from './page-content.js';

const at = 'https://bakery.example/hours';

describe('pageContent', () => {
  it('keeps a table without a heading row as a Markdown table, its first row the header, never as raw HTML', () => {
    const { markdown } = pageContent(
      '<main><table><tr><td>Day</td><td>Hours</td></tr><tr><td>Sunday</td><td>8:30 – 13:00 | late</td></tr><tr><td colspan="2"><img src="map.png" alt="Map of the shop"></td></tr></table></main>',
      at,
    );
    expect(markdown).toBe('| Day | Hours |\n| - | - |\n| Sunday | 8:30 – 13:00 \\| late |\n| Map of the shop | Map of the shop |');
    expect(markdown).not.toMatch(/<img|<table|<td/);
  });

  it('keeps a table’s caption above it and reads a layout table as the blocks it holds', () => {
    const data = pageContent(
      '<main><table><caption>Prices</caption><thead><tr><th>Item</th><th>€</th></tr></thead><tbody><tr><td><p>Bread</p></td><td>2</td></tr></tbody></table></main>',
      at,
    );
    expect(data.markdown).toBe('Prices\n\n| Item | € |\n| - | - |\n| Bread | 2 |');
    const layout = pageContent('<main><table><tr><td><h2>Opening hours</h2><ul><li>Monday: 7:00</li></ul></td></tr></table></main>', at);
    expect(layout.markdown).toMatch(/^## Opening hours\n\n- +Monday: 7:00$/);
  });

  it('keeps the words of inline names, keys and code that a class-based cleaner dropped', () => {
    const { markdown } = pageContent(
      '<main><p>Open <span class="menuselection">Tools → Crop</span>, press <kbd>Ctrl</kbd>+<kbd>S</kbd> and run <code>sync --all</code>.</p></main>',
      at,
    );
    expect(markdown).toBe('Open Tools → Crop, press Ctrl+S and run `sync --all`.');
  });

  it('keeps a page built inside one form, a button’s words and a cookie policy’s own text, and adds no escapes', () => {
    const { markdown } = pageContent(
      `<body><form id="aspnetForm" action="/page.aspx"><header>SITE BANNER</header><main><h2>Cookies we keep</h2>
       <p>Press <button type="button">Save</button> in my_settings_file [advanced] view.</p><p>Language: <select><option>English</option><option>Español</option></select></p>
       <div class="cookie-policy"><p>The cookie session_id lasts 30 days.</p></div>
       </main></form></body>`,
      at,
    );
    expect(markdown).toBe('## Cookies we keep\n\nPress Save in my_settings_file [advanced] view.\n\nLanguage:\n\nThe cookie session_id lasts 30 days.');
    // A form in the page (a search box, a contact form) is a control, not its text.
    expect(
      pageContent('<main><p>Find a loaf.</p><form action="/search"><label>Words <input name="q"></label><button>Search</button></form></main>', at).markdown,
    ).toBe('Find a loaf.');
  });

  it('leaves out the page’s frame and banners but keeps an article’s own header, and links from the navigation', () => {
    const page = pageContent(
      `<html><head><title>Opening hours | Crumb &amp; Co.</title><link rel="canonical" href="/hours"><meta name="robots" content="noindex"></head><body>
       <header><a href="/">Home</a> SITE BANNER</header><nav><a href="/menu">Menu</a></nav>
       <div class="cookie-consent">We use cookies</div>
       <main><article><header><h1>Opening hours</h1><p>Updated in May</p></header><p>We open at 7:00.</p><aside>Closed on holidays.</aside></article></main>
       <footer>FOOTER</footer><script>alert(1)</script></body></html>`,
      at,
    );
    expect(page.title).toBe('Opening hours | Crumb & Co.');
    expect(page.markdown).toBe('Updated in May\n\nWe open at 7:00.\n\nClosed on holidays.');
    expect(page.links).toEqual(['https://bakery.example/', 'https://bakery.example/menu']);
    expect(page.canonical).toBe('https://bakery.example/hours');
    expect(page.noindex).toBe(true);
  });

  it('reads text that is not HTML at all as text, and refuses markup nested too deep to convert', () => {
    expect(pageContent('<3 we love our bread', at)).toMatchObject({ markdown: '<3 we love our bread', title: at });
    expect(() => pageContent(`${'<div>'.repeat(1_000)}deep${'</div>'.repeat(1_000)}`, at)).toThrow(UnreadablePageError);
  });
});
