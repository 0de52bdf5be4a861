import type { Language } from '@sparks/contract';

/** The visitor's language: Spanish when their browser prefers it, English otherwise. */
export const languageOf = (preferred: string | undefined): Language => (preferred?.toLowerCase().startsWith('es') ? 'es' : 'en');

const LOADER = {
  en: {
    open: (name: string) => `Open the chat with ${name}`,
    frameTitle: (name: string) => `Chat with ${name}`,
    unavailable: 'The assistant is not available right now.',
  },
  es: {
    open: (name: string) => `Abrir el chat con ${name}`,
    frameTitle: (name: string) => `Chat con ${name}`,
    unavailable: 'El asistente no está disponible ahora mismo.',
  },
} as const;

export const loaderTexts = (preferred: string | undefined) => LOADER[languageOf(preferred)];

const FRAME = {
  en: {
    close: 'Close chat',
    conversation: 'Conversation',
    question: 'Your question',
    placeholder: 'Ask a question…',
    send: 'Send',
    you: 'You',
    thinking: 'Writing an answer…',
    sources: (count: number) => (count === 1 ? '1 source' : `${count} sources`),
    page: (page: number) => `page ${page}`,
    poweredBy: 'Powered by Sparks',
    notKept: 'This browser does not let the chat remember you here: the conversation ends when you leave the page.',
    feedback: {
      helpful: 'Helpful answer',
      notHelpful: 'Not helpful',
      thanks: 'Thanks for your feedback.',
      commentLabel: 'What was wrong? (optional)',
      sendComment: 'Send comment',
      commentThanks: 'Thanks: the team will look at it.',
      failed: 'Your feedback could not be sent. Please try again.',
    },
    contact: {
      offer: 'Leave your e-mail and we’ll answer',
      email: 'Your e-mail address',
      question: 'Your question',
      consent: 'I agree to be contacted by e-mail about this question.',
      privacy: 'Privacy policy',
      send: 'Send to the team',
      sent: (email: string) => `Thanks! The team will answer you at ${email}.`,
      badEmail: 'Enter an e-mail address such as name@example.com.',
      noQuestion: 'Write your question.',
      noConsent: 'Tick the box so the team may e-mail you.',
      limit: 'You have already left several requests today. The team will answer them by e-mail.',
    },
    suggestions: 'Suggested questions',
    live: {
      joined: (name: string) => `${name || 'Someone from the team'} joined the conversation.`,
      left: (name: string) => `${name || 'The team'} left the conversation. The assistant answers again.`,
      handedBack: 'The assistant answers again.',
      typing: (name: string) => `${name || 'Someone from the team'} is typing…`,
      team: 'Team',
    },
    errors: {
      limit: 'This assistant is not available right now. Please try again later.',
      busy: 'Too many questions in a short time. Please wait a moment and try again.',
      daily: 'This assistant has answered as many questions as it can today. Please come back tomorrow.',
      expired: 'This chat has expired. Reload the page to start again.',
      offline: 'The answer could not be loaded. Check your connection and try again.',
      failed: 'Something went wrong while answering. Please try again.',
    },
  },
  es: {
    close: 'Cerrar el chat',
    conversation: 'Conversación',
    question: 'Tu pregunta',
    placeholder: 'Haz una pregunta…',
    send: 'Enviar',
    you: 'Tú',
    thinking: 'Escribiendo una respuesta…',
    sources: (count: number) => (count === 1 ? '1 fuente' : `${count} fuentes`),
    page: (page: number) => `página ${page}`,
    poweredBy: 'Funciona con Sparks',
    notKept: 'Este navegador no deja que el chat te recuerde aquí: la conversación termina al salir de la página.',
    feedback: {
      helpful: 'Respuesta útil',
      notHelpful: 'No es útil',
      thanks: 'Gracias por tu opinión.',
      commentLabel: '¿Qué ha fallado? (opcional)',
      sendComment: 'Enviar comentario',
      commentThanks: 'Gracias: el equipo lo revisará.',
      failed: 'No se pudo enviar tu opinión. Vuelve a intentarlo.',
    },
    contact: {
      offer: 'Deja tu correo y te responderemos',
      email: 'Tu correo electrónico',
      question: 'Tu pregunta',
      consent: 'Acepto que me escriban por correo sobre esta pregunta.',
      privacy: 'Política de privacidad',
      send: 'Enviar al equipo',
      sent: (email: string) => `¡Gracias! El equipo te responderá en ${email}.`,
      badEmail: 'Escribe un correo como nombre@ejemplo.com.',
      noQuestion: 'Escribe tu pregunta.',
      noConsent: 'Marca la casilla para que el equipo pueda escribirte.',
      limit: 'Ya has dejado varias solicitudes hoy. El equipo las responderá por correo.',
    },
    suggestions: 'Preguntas sugeridas',
    live: {
      joined: (name: string) => `${name || 'Alguien del equipo'} se ha unido a la conversación.`,
      left: (name: string) => `${name || 'El equipo'} ha salido de la conversación. El asistente vuelve a responder.`,
      handedBack: 'El asistente vuelve a responder.',
      typing: (name: string) => `${name || 'Alguien del equipo'} está escribiendo…`,
      team: 'Equipo',
    },
    errors: {
      limit: 'Este asistente no está disponible ahora mismo. Inténtalo más tarde.',
      busy: 'Demasiadas preguntas en poco tiempo. Espera un momento y vuelve a intentarlo.',
      daily: 'Este asistente ya ha respondido todas las preguntas que puede hoy. Vuelve mañana.',
      expired: 'Este chat ha caducado. Recarga la página para empezar de nuevo.',
      offline: 'No se pudo cargar la respuesta. Comprueba tu conexión y vuelve a intentarlo.',
      failed: 'Algo ha fallado al responder. Vuelve a intentarlo.',
    },
  },
} as const;

export type FrameTexts = (typeof FRAME)[Language];
export const frameTexts = (language: Language): FrameTexts => FRAME[language];
