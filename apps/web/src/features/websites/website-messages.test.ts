import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { testI18n } from '#testing/render-html';
import { patternProblemText, websiteProblemText } from './website-messages';
import type { PatternProblem, WebsiteProblem } from './website-rules';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

const PATTERN_PROBLEMS: PatternProblem[] = [{ kind: 'tooMany' }, { kind: 'tooLong', line: 3 }, { kind: 'address', line: 2 }, { kind: 'spaces', line: 4 }];
const WEBSITE_PROBLEMS: WebsiteProblem['kind'][] = [
  'address',
  'unreadableAddress',
  'include',
  'exclude',
  'limitReached',
  'trialEnded',
  'busy',
  'notFound',
  'rateLimited',
  'network',
  'generic',
];

describe('website messages', () => {
  it("name the line of a refused path and the server's limits", () => {
    expect(patternProblemText(en.t, { kind: 'tooLong', line: 3 })).toBe('Line 3 is longer than 200 characters.');
    expect(patternProblemText(en.t, { kind: 'tooMany' })).toBe('List at most 20 paths.');
    expect(patternProblemText(es.t, { kind: 'address', line: 2 })).toBe('La línea 2 es una dirección completa: escribe solo su ruta, por ejemplo /blog/.');
    expect(websiteProblemText(es.t, { kind: 'include' })).toContain('hasta 20 en cada cuadro, de 200 caracteres');
  });

  it('exist in both languages for every problem, never as a key or English in Spanish', () => {
    for (const problem of PATTERN_PROBLEMS) {
      const text = patternProblemText(es.t, problem);
      expect(text, problem.kind).not.toContain('websites.');
      expect(text, problem.kind).not.toBe(patternProblemText(en.t, problem));
    }
    for (const kind of WEBSITE_PROBLEMS) {
      const text = websiteProblemText(es.t, { kind });
      expect(text, kind).not.toContain('websites.');
      expect(text, kind).not.toBe(websiteProblemText(en.t, { kind }));
    }
  });
});
