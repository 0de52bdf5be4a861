import { describe, expect, it } from 'vitest';
import { cleanLines, repairText, type PageLine } from './clean-pages.js';

/** Lines of pages as pdf.js gives them, top to bottom. */
const pages = (...texts: string[][]): PageLine[] =>
  texts.flatMap((lines, index) => lines.map((text, line) => ({ text, size: 10, y: 800 - line * 12, page: index + 1 })));

/** A page of text as manuals set it: a running header, a dozen lines of text, the page number. */
const body = (chapter: string, page: number, sentences: string[]) => [
  `Chapter ${chapter} ${page}`,
  ...sentences,
  ...Array.from({ length: 10 }, (_, line) => `Line ${line + 1} of the text on page ${page} goes on about the subject of the chapter at some length.`),
  `${page}`,
];

describe('cleaning the pages of a document before it becomes knowledge', () => {
  const document = pages(
    ['R FAQ', 'Frequently Asked Questions on R'],
    [
      'Table of Contents',
      '1 Introduction . . . . . . . . . . . . . . . . 1',
      '1.1 Legalese . . . . . . . . . . . . . . . . . 1',
      '2 R Basics . . . . . . . . . . . . . . . . . . 3',
      '2.1 What is R? . . . . . . . . . . . . . . . . 3',
      '7.10 How do I convert factors to numeric?. . . . 34',
    ],
    body('1: Introduction', 1, ['This document answers frequently asked questions about R.', 'Copyright c© 1998 Kurt Hornik.']),
    body('2: R Basics', 2, ['R is a system for statistical computation and graphics.', 'It is free software.']),
    body('2: R Basics', 3, ['R runs on Unix-like systems, Windows and macOS.', 'See Section 2.10 [What is CRAN?], page 9.']),
    body('2: R Basics', 4, ['The ﬁrst ofﬁcial release was in 2000.', 'Binaries are on CRAN.']),
    ['Index', 'abline, 12, 34', 'colClasses . . . . . 34', 'factor, 33', 'numeric, 34', 'plot, 12'],
  );

  it('leaves out tables of contents and indexes, and says which pages they were', () => {
    const { lines, contentsPages } = cleanLines(document);
    expect(contentsPages).toEqual([2, 7]);
    expect(lines.map((line) => line.text).join('\n')).not.toMatch(/\. \. \.|colClasses|abline/);
  });

  it('leaves out running headers, footers and page numbers, and keeps every sentence of the text', () => {
    const kept = cleanLines(document).lines.map((line) => line.text);
    expect(kept.filter((text) => /^Chapter \d/.test(text) || /^\d+$/.test(text))).toEqual([]);
    for (const sentence of [
      'R is a system for statistical computation and graphics.',
      'See Section 2.10 [What is CRAN?], page 9.',
      'Binaries are on CRAN.',
      'R FAQ',
    ]) {
      expect(kept).toContain(sentence);
    }
  });

  it('repairs ligatures and the circled c of TeX', () => {
    expect(repairText('The ﬁrst ofﬁcial ﬂag')).toBe('The first official flag');
    expect(repairText('Copyright c© 1998')).toBe('Copyright © 1998');
    // A footnote's number glued to its first word goes; numbers that belong to the text stay.
    expect(repairText('5No debes preocuparte por perder el Makefile.')).toBe('No debes preocuparte por perder el Makefile.');
    expect(repairText('12If you follow the Developer’s Reference')).toBe('If you follow the Developer’s Reference');
    expect(repairText('con las fuentes recién desempaquetadas. 5No debes preocuparte')).toBe('con las fuentes recién desempaquetadas. No debes preocuparte');
    // TeX's accents set apart from their letters, as pdf.js reads them, go back onto the vowel (or the n) after them.
    expect(repairText('La opci´on m´as usada en la l´ınea de ´ordenes se˜nala la versi´on')).toBe(
      'La opción más usada en la línea de órdenes señala la versión',
    );
    expect(repairText('La opci ́on m ́as usada')).toBe('La opción más usada');
    expect(repairText('Ling¨u´ıstica')).toBe('Lingüística');
    // An acute typed for an apostrophe stays where a consonant follows it.
    for (const kept of ['it´s what we´re after', 'don´t', 'Bill´s book']) expect(repairText(kept)).toBe(kept);
    for (const kept of ['3D printing is supported', '2021 Annual Report', '10 MB per document', '4K screens', 'R 4.3 added it'])
      expect(repairText(kept)).toBe(kept);
    expect(cleanLines(document).lines.map((line) => line.text)).toContain('The first official release was in 2000.');
  });

  it('keeps a table of figures that is not an index, and a page with a few references', () => {
    const table = pages(
      ['Prices', 'Coffee 3', 'Tea 2', 'Cake 4', 'Sandwich 6'],
      ['Our café opens at 8:00 every day.', 'See the menu on page 1.'],
      ['Opening hours differ on holidays.', 'Ask the staff for details.'],
      ['We accept cards and cash.', 'Thank you for visiting.'],
      ['Last page of the brochure.', 'Visit us again soon.'],
      ['Contact: hello@cafe.example', 'Phone 555 0100'],
      ['The team', 'Ana, Luis and Marta run the café together since 2019.'],
    );
    const { lines, contentsPages } = cleanLines(table);
    expect(contentsPages).toEqual([]);
    expect(lines.map((line) => line.text)).toContain('Coffee 3');
  });

  it('keeps headings and text that repeat on every page: only short lines set no larger than the text are running headers', () => {
    const handbook = Array.from({ length: 20 }, (_, page) => [
      { text: `Section ${page + 1}: travel, leave and equipment`, size: 16, y: 800, page: page + 1 },
      ...Array.from({ length: 4 }, (_, line) => ({
        text: `Rule ${page + 1}.${line + 1}: employees book travel through the portal and keep receipts for thirty days.`,
        size: 10,
        y: 760 - line * 12,
        page: page + 1,
      })),
    ]).flat();
    const { lines } = cleanLines(handbook);
    expect(lines).toHaveLength(handbook.length);
  });

  it('keeps a form whose short lines repeat on every page', () => {
    const form = Array.from({ length: 6 }, (_, page) =>
      ['Name:', 'Signature:', `Answer ${page + 1} is written here by hand.`, 'Date:'].map((text, line) => ({
        text,
        size: 10,
        y: 800 - line * 12,
        page: page + 1,
      })),
    ).flat();
    expect(cleanLines(form).lines).toHaveLength(form.length);
  });
});
