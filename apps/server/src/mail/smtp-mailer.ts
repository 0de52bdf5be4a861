import nodemailer, { type Transporter } from 'nodemailer';
import type { Email, Mailer } from './mailer.js';

export class SmtpMailer implements Mailer {
  readonly mode = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(email: Email): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...email });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
