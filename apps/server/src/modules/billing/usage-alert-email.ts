import type { Language } from '@sparks/contract';
import { emailLayout } from '../../mail/email-layout.js';
import type { Email } from '../../mail/mailer.js';

const COPY = {
  en: {
    subject: (percent: number) =>
      percent >= 100 ? "Your Sparks have used this month's interactions" : `Your Sparks have used ${percent} % of this month's interactions`,
    title: (percent: number) => (percent >= 100 ? 'Monthly interactions used up' : `${percent} % of this month's interactions used`),
    lines: (used: number, limit: number, percent: number, billingUrl: string) => [
      `Your Sparks have answered ${used} of the ${limit} interactions your plan includes this month (builder, test chats and your website's visitors).`,
      percent >= 100
        ? 'Until the month ends, your Sparks cannot answer new messages, on your website either. Choose a bigger plan to keep them answering.'
        : 'When all are used, your Sparks stop answering until next month. You can set daily caps for your website in each Spark’s deploy panel, or choose a bigger plan.',
      `Plans and usage: ${billingUrl}`,
    ],
  },
  es: {
    subject: (percent: number) =>
      percent >= 100 ? 'Tus Sparks han usado las interacciones de este mes' : `Tus Sparks han usado el ${percent} % de las interacciones de este mes`,
    title: (percent: number) => (percent >= 100 ? 'Interacciones del mes agotadas' : `${percent} % de las interacciones del mes usadas`),
    lines: (used: number, limit: number, percent: number, billingUrl: string) => [
      `Tus Sparks han respondido ${used} de las ${limit} interacciones que incluye tu plan este mes (constructor, chats de prueba y visitantes de tu web).`,
      percent >= 100
        ? 'Hasta que acabe el mes, tus Sparks no pueden responder mensajes nuevos, tampoco en tu web. Elige un plan mayor para que sigan respondiendo.'
        : 'Cuando se agoten, tus Sparks dejarán de responder hasta el mes que viene. Puedes fijar límites diarios para tu web en el panel de publicación de cada Spark, o elegir un plan mayor.',
      `Planes y uso: ${billingUrl}`,
    ],
  },
} as const;

/** The owner's warning at 80 % and at 100 % of the month's interactions. */
export function usageAlertEmail(to: string, language: Language, usage: { used: number; limit: number; percent: number }, billingUrl: string): Email {
  const copy = COPY[language];
  const lines = copy.lines(usage.used, usage.limit, usage.percent, billingUrl);
  return {
    to,
    subject: copy.subject(usage.percent),
    text: `${copy.title(usage.percent)}\n\n${lines.join('\n\n')}\n`,
    html: emailLayout(copy.title(usage.percent), lines),
  };
}
