import type { Language } from '@sparks/contract';
import { emailLayout } from '../../mail/email-layout.js';
import type { Email } from '../../mail/mailer.js';

const COPY = {
  en: {
    ownerSubject: (spark: string) => `A visitor of ${spark} asked for a person`,
    ownerLines: (spark: string, email: string, question: string, transcript: string, url: string, live: string | null) => [
      `A visitor of your website asked ${spark} something it could not answer, and left their e-mail address for you to reply: ${email}`,
      `Their question: ${question}`,
      ...(transcript ? [`The conversation:\n${transcript}`] : []),
      `Answer it from the Spark's Requests list (your reply is e-mailed to them, and you can add it to the Spark's knowledge): ${url}`,
      ...(live ? [`If they are still on your website, you can join the conversation: ${live}`] : []),
    ],
    waitingSubject: (spark: string) => `A visitor of ${spark} is waiting for a person`,
    waitingLines: (spark: string, minutes: number, left: { email: string; question: string } | null, transcript: string, live: string, url: string) => [
      `A visitor of your website asked ${spark} for a person ${minutes} minutes ago, and nobody has joined the conversation yet. They may still be there: open the conversation and take it over: ${live}`,
      ...(left ? [`They left their e-mail address for a reply: ${left.email}`, `Their question: ${left.question}`] : []),
      ...(transcript ? [`The conversation:\n${transcript}`] : []),
      ...(left ? [`You can also answer by e-mail from the Spark's Requests list: ${url}`] : []),
    ],
    visitorSubject: (spark: string) => `Your question to ${spark}`,
    visitorLines: (question: string, answer: string) => [
      `You asked: ${question}`,
      answer,
      'You received this e-mail because you asked for a reply on our website.',
    ],
  },
  es: {
    ownerSubject: (spark: string) => `Un visitante de ${spark} ha pedido hablar con una persona`,
    ownerLines: (spark: string, email: string, question: string, transcript: string, url: string, live: string | null) => [
      `Un visitante de tu web preguntó a ${spark} algo que no supo responder y dejó su correo para que le contestes: ${email}`,
      `Su pregunta: ${question}`,
      ...(transcript ? [`La conversación:\n${transcript}`] : []),
      `Respóndele desde la lista de Solicitudes del Spark (tu respuesta le llega por correo y puedes añadirla a lo que sabe el Spark): ${url}`,
      ...(live ? [`Si sigue en tu web, puedes unirte a la conversación: ${live}`] : []),
    ],
    waitingSubject: (spark: string) => `Un visitante de ${spark} espera a una persona`,
    waitingLines: (spark: string, minutes: number, left: { email: string; question: string } | null, transcript: string, live: string, url: string) => [
      `Un visitante de tu web pidió a ${spark} hablar con una persona hace ${minutes} minutos y nadie se ha unido aún a la conversación. Puede que siga ahí: abre la conversación y tómala: ${live}`,
      ...(left ? [`Dejó su correo para que le respondas: ${left.email}`, `Su pregunta: ${left.question}`] : []),
      ...(transcript ? [`La conversación:\n${transcript}`] : []),
      ...(left ? [`También puedes responderle por correo desde la lista de Solicitudes del Spark: ${url}`] : []),
    ],
    visitorSubject: (spark: string) => `Tu pregunta a ${spark}`,
    visitorLines: (question: string, answer: string) => [
      `Preguntaste: ${question}`,
      answer,
      'Recibes este correo porque pediste una respuesta en nuestra web.',
    ],
  },
} as const;

const email = (to: string, subject: string, lines: string[]): Email => ({
  to,
  subject,
  text: `${subject}\n\n${lines.join('\n\n')}\n`,
  html: emailLayout(subject, lines),
});

/** The owner hears of a visitor's request, with the conversation that led to it. */
export function requestToOwnerEmail(
  to: string,
  language: Language,
  request: { spark: string; email: string; question: string; transcript: string; url: string; live: string | null },
): Email {
  const copy = COPY[language];
  return email(
    to,
    copy.ownerSubject(request.spark),
    copy.ownerLines(request.spark, request.email, request.question, request.transcript, request.url, request.live),
  );
}

/** Nobody joined a visitor who asked for a person: the owner hears of it, with the way into the live conversation. */
export function waitingToOwnerEmail(
  to: string,
  language: Language,
  wait: { spark: string; minutes: number; left: { email: string; question: string } | null; transcript: string; live: string; url: string },
): Email {
  const copy = COPY[language];
  return email(to, copy.waitingSubject(wait.spark), copy.waitingLines(wait.spark, wait.minutes, wait.left, wait.transcript, wait.live, wait.url));
}

/** The visitor receives the owner's reply, in the language they asked in. */
export function replyToVisitorEmail(to: string, language: Language, reply: { spark: string; question: string; answer: string }): Email {
  const copy = COPY[language];
  return email(to, copy.visitorSubject(reply.spark), copy.visitorLines(reply.question, reply.answer));
}
