import { describe, expect, it } from 'vitest';
import { fileNameOf } from './import-pages.js';

describe('fileNameOf', () => {
  const page = (title: string) => fileNameOf({ kind: 'page', title, url: 'https://bakery.example/hours' });

  it('keeps a title’s separator as a dash rather than run its parts together', () => {
    expect(page('Opening hours | Crumb & Co. Bakery')).toBe('Opening hours – Crumb & Co. Bakery.md');
    expect(page('Help: Settings / Language')).toBe('Help – Settings – Language.md');
    expect(page('Sizes S/M/L')).toBe('Sizes S-M-L.md');
    expect(page('| Menu |')).toBe('Menu.md');
    expect(page('  ')).toBe('page.md');
  });

  it('names a linked file by its address, whatever its escapes', () => {
    expect(fileNameOf({ kind: 'pdf', title: 'x', url: 'https://bakery.example/files/Men%C3%BA%202026.pdf' })).toBe('Menú 2026.pdf');
    expect(fileNameOf({ kind: 'pdf', title: 'x', url: 'https://bakery.example/files/bad%E0%A4%A.pdf' })).toBe('bad%E0%A4%A.pdf');
  });
});
