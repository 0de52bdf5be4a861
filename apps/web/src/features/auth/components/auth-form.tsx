import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { prefetchValidation } from '../lazy-resolver';

interface AuthFormProps {
  /** The form's accessible name: its screen's title. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While the request is out the button is disabled and says so, so a second press sends nothing. */
  pending: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** Above the error, so the explanation stays where it was when a submit fails. */
  intro?: ReactNode;
  /** Why the last submit failed; nothing shows while it is empty. */
  error?: ReactNode;
  /** Under the submit button: links away from the form. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame the password forms share: browser checks off (ours are translated), checks loaded at first focus, one submit button. */
export function AuthForm({ label, onSubmit, pending, submitLabel, submittingLabel, intro, error, footer, children }: AuthFormProps) {
  return (
    <form noValidate onFocus={prefetchValidation} onSubmit={onSubmit} className="space-y-4" aria-label={label}>
      {intro}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? submittingLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
