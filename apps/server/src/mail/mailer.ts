export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where e-mail goes: the SMTP server when configured, otherwise the outbox. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  close(): Promise<void>;
}
