import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { refusalText } from './refusal-text';

const spanish = JSON.parse(readFileSync(new URL('../../public/locales/es/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const words = { LIMIT_REACHED: 'team.errors.seats' };

describe('refusalText', () => {
  const i18n = i18next.createInstance();
  beforeAll(() => i18n.init({ lng: 'es', resources: { es: { translation: spanish } } }));

  it('words a refusal whose code the screen names, in the user language', () => {
    const text = refusalText(new ApiError('Seat limit reached', 402, 'LIMIT_REACHED'), words, i18n.t);
    expect(text).not.toBe('Seat limit reached');
    expect(text).not.toBe('team.errors.seats');
    expect(text).toBe(i18n.t('team.errors.seats'));
  });

  it("shows the server's message for any other code, and for errors that are not the API's", () => {
    expect(refusalText(new ApiError('Name is too long', 400, 'VALIDATION_ERROR'), words, i18n.t)).toBe('Name is too long');
    expect(refusalText(new ApiError('Network Error'), words, i18n.t)).toBe('Network Error');
    expect(refusalText(new TypeError('boom'), words, i18n.t)).toBe('boom');
  });
});
