import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { codeSchema, forgotSchema, loginSchema, newPasswordSchema, registerSchema } from './validation';

const SCHEMAS = { login: loginSchema, register: registerSchema, code: codeSchema, newPassword: newPasswordSchema, forgot: forgotSchema };

export type FormName = keyof typeof SCHEMAS;

/** The resolver of one account form, its messages in the language `t` speaks now. */
export function resolverFor<T extends FieldValues>(form: FormName, t: TFunction): Resolver<T> {
  return zodResolver(SCHEMAS[form](t)) as unknown as Resolver<T>;
}
