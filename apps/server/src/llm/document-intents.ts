/**
 * What an owner's message asks of their documents, in English or Spanish. Shared by the offline
 * builder script and the load-doc-message check, so both read a message the same way.
 */
export const DOCUMENT_INTENTS = {
  summarize: /\b(?:summari[sz]e|summary|resum(?:e|ir|en|eme))\b/i,
  suggestQuestions: /\b(?:suggest|sugier[ea]|sugerir|propon(?:er)?)\b.*\b(?:questions?|preguntas?)\b/i,
  updateSpark: /\b(?:update|improve|actualiza[r]?|mejora[r]?)\b.*\bspark\b/i,
  /** Asking to attach a file, not asking about one already attached. */
  upload: /\b(?:upload|attach)\b|\badd\s+(?:a|an|my|the|another|new)?\s*(?:document|file|pdf)s?\b|\b(?:sub(?:ir|e|o)|adjunta[r]?)\b.*\b(?:documentos?|archivos?|ficheros?|pdf)\b|\ba[nñ]adir?\s+(?:un|el|otro|mi)?\s*(?:documento|archivo|fichero|pdf)\b/i,
} as const;

/** The "Add to the instructions: …" form a document proposal's payload takes. */
export const ADD_TO_INSTRUCTIONS = /^(?:add to the instructions|a[nñ]ade a las instrucciones)\s*:\s*([\s\S]{1,2000})$/i;

/** The label (and value) of the builder's "upload a document" button; sending it asks for the file picker. */
export const UPLOAD_BUTTON_LABELS: Record<'en' | 'es', string> = { en: 'Upload a document', es: 'Subir un documento' };
