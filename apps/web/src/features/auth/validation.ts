import { LIMITS } from '@sparks/contract/constants';
import { passwordCriteria } from '@sparks/contract/passwords';
import type { TFunction } from 'i18next';
// The mini build validates the same way with a fraction of the code: the account screens are the first thing a visitor loads.
import { z } from 'zod/mini';

type StringCheck = z.core.$ZodCheck<string>;

/** product.md §5: required; without @ 'invalid parameters'; the domain is checked separately against DNS. */
export const emailField = (t: TFunction) =>
  z.string().check(
    z.trim(),
    z.minLength(1, t('validation.required')),
    z.maxLength(254, t('validation.invalidParams')),
    z.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), t('validation.invalidParams')),
  );

const signInPassword = (t: TFunction, ...rules: StringCheck[]) =>
  z
    .string()
    .check(
      z.minLength(1, t('validation.required')),
      z.minLength(LIMITS.passwordMin, t('validation.minLength', { count: LIMITS.passwordMin })),
      z.maxLength(LIMITS.passwordResetMax, t('validation.maxLength', { count: LIMITS.passwordResetMax })),
      ...rules,
    );

const mixedCase = (t: TFunction) =>
  z.refine<string>((value) => passwordCriteria(value).uppercase && passwordCriteria(value).lowercase, t('validation.upperLower'));
const special = (t: TFunction) => z.refine<string>((value) => passwordCriteria(value).special, t('validation.special'));

export const loginSchema = (t: TFunction) => z.object({ email: emailField(t), password: signInPassword(t), rememberMe: z.boolean() });
export type LoginValues = z.infer<ReturnType<typeof loginSchema>>;

export const registerSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    password: signInPassword(t, mixedCase(t), special(t)),
    acceptPrivacy: z.boolean().check(z.refine((accepted) => accepted, t('validation.acceptPrivacy'))),
  });
export type RegisterValues = z.infer<ReturnType<typeof registerSchema>>;

export const codeSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    code: z.string().check(z.trim(), z.minLength(1, t('validation.required')), z.regex(/^\d{6}$/, t('validation.invalidCode'))),
  });
export type CodeValues = z.infer<ReturnType<typeof codeSchema>>;

/** product.md §5 new password: 8-100 characters, a digit, lower, upper, special, no spaces; both entries equal. */
export const newPasswordSchema = (t: TFunction) =>
  z
    .object({
      password: signInPassword(
        t,
        z.refine((value) => passwordCriteria(value).digit, t('validation.digit')),
        mixedCase(t),
        special(t),
        z.refine((value) => !/\s/.test(value), t('validation.noSpaces')),
      ),
      confirm: z.string().check(z.minLength(1, t('validation.required'))),
    })
    .check(z.refine((values) => values.password === values.confirm, { path: ['confirm'], error: t('validation.passwordsMismatch') }));
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export const forgotSchema = (t: TFunction) => z.object({ email: emailField(t) });
export type ForgotValues = z.infer<ReturnType<typeof forgotSchema>>;
