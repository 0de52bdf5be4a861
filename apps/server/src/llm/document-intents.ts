import { catalogue } from './offline/assistant-catalogue.js';
import type { Language } from '@sparks/contract';

/** "it", "this", "the manual", "these documents"… */
const THIS_DOCUMENT = '(?:it|(?:this|that|the|these|those|your)(?:\\s+(?:documents?|files?|manuals?|guides?|pdfs?|books?|texts?))?)';
/** "este documento", "la guía", "estos archivos"… (a bare "qué hay en" asks about anything). */
const ESTE_DOCUMENTO =
  '(?:(?:este|esta|el|la|estos|estas|los|las|tu|tus)\\s+)?(?:documentos?|manual(?:es)?|gu[ií]as?|archivos?|ficheros?|pdfs?|libros?|textos?)';

/** Nothing after the words but a "please" and the question's closing marks. */
const QUESTION_END = '(?:,?\\s*(?:please|por favor))?\\s*[?.!]*\\s*$';

/**
 * What an owner's message asks of their documents, in English or Spanish. Shared by the offline
 * builder script and the load-doc-message check, so both read a message the same way.
 */
export const DOCUMENT_INTENTS = {
  summarize: /\b(?:summari[sz]e|summary|res[uú]m(?:e|ir|en|eme|elo|ela)?)\b/i,
  /**
   * A visitor asking what the documents are about, rather than about something in them: "what does
   * the manual say" asks for an outline, "what does the manual say about batteries" does not, so
   * the forms that could go on to name a subject must end the question.
   */
  overview: new RegExp(
    [
      `\\bwhat(?:'s| is| are)? (?:in|inside) ${THIS_DOCUMENT}${QUESTION_END}`,
      `\\bwhat (?:does|do) ${THIS_DOCUMENT} (?:cover|contain|include|say|talk about|explain|describe|deal with|discuss)${QUESTION_END}`,
      `\\bwhat (?:topics|subjects|chapters) (?:does|do) ${THIS_DOCUMENT} (?:cover|contain|include|deal with|discuss)${QUESTION_END}`,
      `\\bwhat(?:'s| is| are) ${THIS_DOCUMENT} about`,
      `\\b(?:an? |the )?(?:overview|outline|gist|main points|key points|main topics) of ${THIS_DOCUMENT}${QUESTION_END}`,
      `\\b(?:give|show|tell) me (?:an? |the )?(?:overview|outline|gist|main points|key points|main topics)${QUESTION_END}`,
      `qu[eé] (?:hay|contiene|cubre|explica|dice|incluye|abarca)(?: en)? ${ESTE_DOCUMENTO}${QUESTION_END}`,
      `qu[eé] temas (?:trata|cubre|toca|incluye|aborda)(?: ${ESTE_DOCUMENTO})?${QUESTION_END}`,
      `(?:de|sobre) qu[eé] (?:trata|va|habla)(?: ${ESTE_DOCUMENTO})?${QUESTION_END}`,
      `(?:una |la )?(?:visi[oó]n general|puntos (?:principales|clave)|ideas principales|temas principales) de ${ESTE_DOCUMENTO}${QUESTION_END}`,
      `\\b(?:dame|hazme|mu[eé]strame) (?:una |la |los |las )?(?:visi[oó]n general|puntos (?:principales|clave)|ideas principales|temas principales)${QUESTION_END}`,
    ].join('|'),
    'i',
  ),
  /** A visitor asking to talk to a person rather than for an answer (the widget then offers to pass the question on). */
  person:
    /\b(?:(?:talk|speak|chat)\s+(?:to|with)\s+(?:a\s+|an\s+|someone|somebody|your\s+)?(?:human|person|agent|someone|somebody|staff|team|representative)|(?:real|live)\s+(?:person|human|agent)|contact\s+(?:a\s+)?(?:person|human|support|you))\b|\b(?:hablar|contactar|comunicarme)\s+con\s+(?:una?\s+|alguien|el\s+|la\s+)?(?:persona|humano|agente|alguien|soporte|equipo)\b|\b(?:persona|agente)\s+real\b/i,
  suggestQuestions: /\b(?:suggest|sugier[ea]|sugerir|propon(?:er)?)\b.*\b(?:questions?|preguntas?)\b/i,
  updateSpark: /\b(?:update|improve|actualiza[r]?|mejora[r]?)\b.*\bspark\b/i,
  /** Asking to attach a file, not asking about one already attached. */
  upload:
    /\b(?:upload|attach)\b|\badd\s+(?:a|an|my|the|another|new)?\s*(?:document|file|pdf)s?\b|\b(?:sub(?:ir|e|o)|adjunta[r]?)\b.*\b(?:documentos?|archivos?|ficheros?|pdf)\b|\ba[nñ]adir?\s+(?:un|el|otro|mi)?\s*(?:documento|archivo|fichero|pdf)\b/i,
} as const;

/** A message asking for the documents' outline: a summary, or what they are about. */
export const asksForOutline = (message: string): boolean => DOCUMENT_INTENTS.summarize.test(message) || DOCUMENT_INTENTS.overview.test(message);

/** The "Add to the instructions: …" form a document proposal's payload takes. */
export const ADD_TO_INSTRUCTIONS = /^(?:add to the instructions|a[nñ]ade a las instrucciones)\s*:\s*([\s\S]{1,2000})$/i;

/** The label (and value) of the builder's "upload a document" button; sending it asks for the file picker. */
export const UPLOAD_BUTTON_LABELS: Record<Language, string> = {
  en: catalogue('en')('builder.buttons.upload'),
  es: catalogue('es')('builder.buttons.upload'),
};
