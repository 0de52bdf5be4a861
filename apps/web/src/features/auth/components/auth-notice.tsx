import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

interface AuthNoticeProps {
  tone: 'success' | 'error';
  children: ReactNode;
  /** Where the user goes next, since the form is no longer shown. */
  link: { to: string; label: string };
}

/** What replaces a password form when there is nothing (more) to fill in: the outcome and the way on. */
export function AuthNotice({ tone, children, link }: AuthNoticeProps) {
  return (
    <div className="space-y-4">
      <Alert tone={tone}>{children}</Alert>
      <Link to={link.to} className="text-sm font-medium text-primary hover:underline">
        {link.label}
      </Link>
    </div>
  );
}
