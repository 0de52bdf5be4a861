import { readFileSync } from 'node:fs';
import { zodResolver } from '@hookform/resolvers/zod';
import i18next, { type TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver';
import { codeSchema, forgotSchema, loginSchema, newPasswordSchema, registerSchema } from './validation';

const translations = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${language}/translation.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

let en: TFunction;
let es: TFunction;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: translations('en') }, es: { translation: translations('es') } },
    interpolation: { escapeValue: false },
  });
  en = i18n.getFixedT('en');
  es = i18n.getFixedT('es');
});

/** Runs a schema exactly as the forms do (react-hook-form's resolver, first error per field). */
async function check(schema: Parameters<typeof zodResolver>[0], values: FieldValues) {
  const resolve = zodResolver(schema) as unknown as Resolver<FieldValues>;
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]));
  return { values: result.values, errors };
}

describe('the account forms check their fields before anything is sent (product.md §5)', () => {
  it('asks for every empty field at sign-in, in English and in Spanish', async () => {
    expect((await check(loginSchema(en), { email: '', password: '', rememberMe: false })).errors).toEqual({
      email: 'Required field',
      password: 'Required field',
    });
    expect((await check(loginSchema(es), { email: '  ', password: '', rememberMe: false })).errors).toEqual({
      email: 'Campo obligatorio',
      password: 'Campo obligatorio',
    });
  });

  it('refuses an address without @ and a password under 8 characters', async () => {
    expect((await check(loginSchema(en), { email: 'ana.example.com', password: 'short', rememberMe: true })).errors).toEqual({
      email: 'Invalid parameters',
      password: 'Minimum 8 characters',
    });
    expect((await check(loginSchema(es), { email: 'ana@example', password: 'x'.repeat(101), rememberMe: true })).errors).toEqual({
      email: 'Parámetros no válidos',
      password: 'Máximo 100 caracteres',
    });
    expect((await check(forgotSchema(en), { email: `${'a'.repeat(250)}@example.com` })).errors).toEqual({ email: 'Invalid parameters' });
  });

  it('hands on the values it accepted, the address trimmed', async () => {
    const accepted = await check(loginSchema(en), { email: '  ana@example.com ', password: 'whatever1', rememberMe: true });
    expect(accepted).toEqual({ values: { email: 'ana@example.com', password: 'whatever1', rememberMe: true }, errors: {} });
  });

  it('asks a new account for mixed case, a special character and the privacy policy', async () => {
    expect((await check(registerSchema(en), { email: 'ana@example.com', password: 'abcdefgh', acceptPrivacy: false })).errors).toEqual({
      password: 'Minimum 1 uppercase and 1 lowercase',
      acceptPrivacy: 'You must accept the privacy policy',
    });
    expect((await check(registerSchema(es), { email: 'ana@example.com', password: 'Abcdefgh', acceptPrivacy: true })).errors).toEqual({
      password: 'Mínimo 1 carácter especial',
    });
    expect((await check(registerSchema(en), { email: 'ana@example.com', password: 'Abcdefg!', acceptPrivacy: true })).errors).toEqual({});
  });

  it('takes a six-digit code only', async () => {
    expect((await check(codeSchema(en), { email: 'ana@example.com', code: '' })).errors).toEqual({ code: 'Required field' });
    expect((await check(codeSchema(es), { email: 'ana@example.com', code: '12a456' })).errors).toEqual({ code: 'Código no válido' });
    expect((await check(codeSchema(en), { email: 'ana@example.com', code: ' 123456 ' })).values).toEqual({ email: 'ana@example.com', code: '123456' });
  });

  it('asks a new password for a digit, no spaces and the same text twice', async () => {
    expect((await check(newPasswordSchema(en), { password: 'Abcdefg!', confirm: 'Abcdefg!' })).errors).toEqual({ password: 'Minimum 1 number' });
    expect((await check(newPasswordSchema(es), { password: 'Abc 123!', confirm: 'Abc 123!' })).errors).toEqual({ password: 'No se permiten espacios' });
    expect((await check(newPasswordSchema(en), { password: 'Abcdef1!', confirm: '' })).errors).toEqual({ confirm: 'Required field' });
    expect((await check(newPasswordSchema(en), { password: 'Abcdef1!', confirm: 'Abcdef1?' })).errors).toEqual({ confirm: 'Passwords do not match' });
    expect((await check(newPasswordSchema(es), { password: 'Abcdef1!', confirm: 'Abcdef1?' })).errors).toEqual({ confirm: 'Las contraseñas no coinciden' });
    expect((await check(newPasswordSchema(en), { password: 'Abcdef1!', confirm: 'Abcdef1!' })).errors).toEqual({});
  });

  it('gives the forms the same checks when they load on first use', async () => {
    const resolve = lazyResolver<FieldValues>('register', es);
    const result = await resolve({ email: 'ana', password: 'abcdefgh', acceptPrivacy: false }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]))).toEqual({
      email: 'Parámetros no válidos',
      password: 'Mínimo 1 mayúscula y 1 minúscula',
      acceptPrivacy: 'Debes aceptar la política de privacidad',
    });
  });
});
