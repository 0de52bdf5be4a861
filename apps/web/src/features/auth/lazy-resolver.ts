import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { FormName } from './form-resolvers';

const load = () => import('./form-resolvers');

/** Starts loading the checks at the first focus in a form, so the first submit does not wait for them. */
export function prefetchValidation(): void {
  void load();
}

/**
 * A form's checks, loaded on first use: the validation library is not needed to paint the
 * account screens, only to submit them. The checks and their messages are the same either way.
 */
export function lazyResolver<T extends FieldValues>(form: FormName, t: TFunction): Resolver<T> {
  return async (values, context, options) => (await load()).resolverFor<T>(form, t)(values, context, options);
}
