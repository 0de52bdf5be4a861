import type { Language } from '@sparks/contract';
import { emailLayout } from '../../mail/email-layout.js';
import type { Email } from '../../mail/mailer.js';

const COPY = {
  en: {
    ownerSubject: (spark: string) => `A visitor of ${spark} asked for a person`,
    ownerLines: (spark: string, email: string, question: string, transcript: string, url: string) => [
      `A visitor of your website asked ${spark} something it could not answer, and left their e-mail address for you to reply: ${email}`,
      `Their question: ${question}`,
      ...(transcript ? [`The conversation:\n${transcript}`] : []),
      `Answer it from the Spark's Requests list (your reply is e-mailed to them, and you can add it to the Spark's knowledge): ${url}`,
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
    ownerLines: (spark: string, email: string, question: string, transcript: string, url: string) => [
      `Un visitante de tu web preguntó a ${spark} algo que no supo responder y dejó su correo para que le contestes: ${email}`,
      `Su pregunta: ${question}`,
      ...(transcript ? [`La conversación:\n${transcript}`] : []),
      `Respóndele desde la lista de Solicitudes del Spark (tu respuesta le llega por correo y puedes añadirla a lo que sabe el Spark): ${url}`,
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
  request: { spark: string; email: string; question: string; transcript: string; url: string },
): Email {
  const copy = COPY[language];
  return email(to, copy.ownerSubject(request.spark), copy.ownerLines(request.spark, request.email, request.question, request.transcript, request.url));
}

/** The visitor receives the owner's reply, in the language they asked in. */
export function replyToVisitorEmail(to: string, language: Language, reply: { spark: string; question: string; answer: string }): Email {
  const copy = COPY[language];
  return email(to, copy.visitorSubject(reply.spark), copy.visitorLines(reply.question, reply.answer));
}
