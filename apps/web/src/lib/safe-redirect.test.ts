import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/', '/spark/42', '/spark/42/test/7?x=1#top', '/settings', '/%09/stays-here'])('follows the same-origin path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /spark',
    '/\t/evil.example',
    'evil.example',
    '',
    null,
    undefined,
  ])('refuses %j and falls back home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
