import { LIMITS, passwordCriteria } from '@sparks/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** Spec §5: required; without @ 'invalid parameters'; the domain is checked separately against DNS. */
export const emailField = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('validation.required'))
    .max(254, t('validation.invalidParams'))
    .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), t('validation.invalidParams'));

const signInPassword = (t: TFunction) =>
  z
    .string()
    .min(1, t('validation.required'))
    .min(LIMITS.passwordMin, t('validation.minLength', { count: LIMITS.passwordMin }))
    .max(LIMITS.passwordResetMax, t('validation.maxLength', { count: LIMITS.passwordResetMax }));

export const loginSchema = (t: TFunction) =>
  z.object({ email: emailField(t), password: signInPassword(t), rememberMe: z.boolean() });
export type LoginValues = z.infer<ReturnType<typeof loginSchema>>;

export const registerSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    password: signInPassword(t)
      .refine((value) => passwordCriteria(value).uppercase && passwordCriteria(value).lowercase, t('validation.upperLower'))
      .refine((value) => passwordCriteria(value).special, t('validation.special')),
    acceptPrivacy: z.boolean().refine((accepted) => accepted, t('validation.acceptPrivacy')),
  });
export type RegisterValues = z.infer<ReturnType<typeof registerSchema>>;

export const codeSchema = (t: TFunction) =>
  z.object({
    email: emailField(t),
    code: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .regex(/^\d{6}$/, t('validation.invalidCode')),
  });
export type CodeValues = z.infer<ReturnType<typeof codeSchema>>;

/** Spec §5 new password: 8-100 characters, a digit, lower, upper, special, no spaces; both entries equal. */
export const newPasswordSchema = (t: TFunction) =>
  z
    .object({
      password: signInPassword(t)
        .refine((value) => passwordCriteria(value).digit, t('validation.digit'))
        .refine((value) => passwordCriteria(value).uppercase && passwordCriteria(value).lowercase, t('validation.upperLower'))
        .refine((value) => passwordCriteria(value).special, t('validation.special'))
        .refine((value) => !/\s/.test(value), t('validation.noSpaces')),
      confirm: z.string().min(1, t('validation.required')),
    })
    .refine((values) => values.password === values.confirm, { path: ['confirm'], message: t('validation.passwordsMismatch') });
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export const forgotSchema = (t: TFunction) => z.object({ email: emailField(t) });
export type ForgotValues = z.infer<ReturnType<typeof forgotSchema>>;
