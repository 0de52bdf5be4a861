import { describe, expect, it } from 'vitest';
import { quotedText } from './quoted-text.js';

describe('a passage as a quote gives it', () => {
  it('drops cross-references in English: in parentheses, at the end of a clause, and sentences that only point elsewhere', () => {
    expect(quotedText('If you run it from Emacs (see Chapter 6 [Editors and IDEs], page 26), you can save the session.')).toBe(
      'If you run it from Emacs, you can save the session.',
    );
    expect(quotedText('It is a language (see Section 3.1 [What is S?], page 12) for statistics.')).toBe('It is a language for statistics.');
    expect(quotedText('Models are fitted with lm(), see Section 7.1 [Models], page 30.')).toBe('Models are fitted with lm().');
    expect(quotedText('It is free. See Section 4.2. It runs everywhere.')).toBe('It is free. It runs everywhere.');
    expect(quotedText('See Appendix B for the differences. The design came later (pp. 12-14).')).toBe('The design came later.');
  });

  it('drops cross-references in Spanish', () => {
    expect(quotedText('El paquete se instala así (véase la sección 2.3, página 14).')).toBe('El paquete se instala así.');
    expect(quotedText('Cambie a la consola 2 (consulte Sección 1.1.6 para más información).')).toBe('Cambie a la consola 2.');
    expect(quotedText('Véase también el capítulo 3. Lo demás sigue igual.')).toBe('Lo demás sigue igual.');
  });

  it('keeps what says something: a section named as a subject, a parenthesis that is not a reference, and code', () => {
    const kept = [
      'The terms of section 4 let you copy it. Section 5 of this License applies too.',
      'Choose (a) the first or (b) the second (page numbers differ).',
      '```\nsee Section 2 (page 3)\n```',
    ];
    for (const text of kept) expect(quotedText(text)).toBe(text);
  });

  it('mends an address a line end split after its scheme', () => {
    expect(quotedText('Ask at http:// community.example/forum today.')).toBe('Ask at http://community.example/forum today.');
  });
});
