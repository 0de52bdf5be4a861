import { describe, expect, it } from 'vitest';
import { questionLanguage } from './question-language.js';

describe('the language of a question', () => {
  it.each([
    ['What is R?', 'es', 'en'],
    ['¿Qué es LTSP?', 'en', 'es'],
    ['Que es LTSP', 'en', 'es'],
    ['How do I convert factors to numeric?', 'es', 'en'],
    ['Cómo instalo el servidor', 'en', 'es'],
    ['necesito configurar la red del aula para los clientes ligeros', 'en', 'es'],
    ['where can I download the installer for my laptop', 'es', 'en'],
    ['Devoluciones', 'es', 'es'],
    ['LTSP', 'en', 'en'],
    // "Resume" is an English word too; the demonstrative gives the request away.
    ['Resume esto', 'en', 'es'],
    ['Summarize this', 'es', 'en'],
  ] as const)('%s (profile %s) is answered in %s', (question, fallback, expected) => {
    expect(questionLanguage(question, fallback)).toBe(expected);
  });
});
