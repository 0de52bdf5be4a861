import { describe, expect, it } from 'vitest';
import { joinLines } from './join-lines.js';

describe('joining the lines of a paragraph', () => {
  it('mends an address a line end broke after its scheme or a separator, keeping a hyphen that is part of it', () => {
    expect(joinLines(['Get it from http://', 'community.example/faq today.'])).toBe('Get it from http://community.example/faq today.');
    expect(joinLines(['See https://CRAN.R-', 'project.org/ for more.'])).toBe('See https://CRAN.R-project.org/ for more.');
    expect(joinLines(['Mirror: https://exam-', 'ple.org/pub/'])).toBe('Mirror: https://exam-ple.org/pub/');
    expect(joinLines(['at https://www.stat.example.nz/~paul/', 'RGraphics/rgraphics.html.'])).toBe(
      'at https://www.stat.example.nz/~paul/RGraphics/rgraphics.html.',
    );
    expect(joinLines(['https://a.example/', 'b-c/', 'd.html?x=1&', 'y=2'])).toBe('https://a.example/b-c/d.html?x=1&y=2');
  });

  it('leaves the sentence after an address alone', () => {
    expect(joinLines(['Visit http://example.org/', 'for details.'])).toBe('Visit http://example.org/ for details.');
    expect(joinLines(['Visit http://example.org.', 'Then go on.'])).toBe('Visit http://example.org. Then go on.');
    expect(joinLines(['Have you seen http://example.org?', 'Yes, we have.'])).toBe('Have you seen http://example.org? Yes, we have.');
  });

  it('mends a hyphenated word in typeset text only', () => {
    expect(joinLines(['a hyphen-', 'ated word'])).toBe('a hyphenated word');
    expect(joinLines(['a hyphen-', 'ated word'], { hyphenated: false })).toBe('a hyphen- ated word');
    expect(joinLines(['ends with a dash -', 'Capital next'])).toBe('ends with a dash - Capital next');
  });

  // A quadratic join (string concatenation in a loop with a look-back) would outlast the test's time limit here.
  it('joins a paragraph of many long lines whole', () => {
    expect(
      joinLines(
        Array.from({ length: 20_000 }, () => 'x'.repeat(500)),
        { hyphenated: false },
      ),
    ).toHaveLength(20_000 * 501 - 1);
  });
});
