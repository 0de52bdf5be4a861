import type { Language } from '@sparks/contract';

/**
 * Calling codes of countries where Spanish is the main language (Spain, Mexico, Central and South
 * America, the Caribbean's Spanish-speaking states, Equatorial Guinea): the language to answer a
 * sender in when nothing they wrote says it (a photo or a voice note as their first message).
 */
const SPANISH_CALLING_CODES = [
  '34',
  '52',
  '53',
  '54',
  '56',
  '57',
  '58',
  '51',
  '240',
  '502',
  '503',
  '504',
  '505',
  '506',
  '507',
  '591',
  '593',
  '595',
  '598',
  '1809',
  '1829',
  '1849',
];

export function senderLanguage(waId: string): Language {
  return SPANISH_CALLING_CODES.some((code) => waId.startsWith(code)) ? 'es' : 'en';
}
