/**
 * Unicode's embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). They reorder
 * the text after them when shown ("Trojan source"): a document or file name carrying one could
 * make an answer, a citation or a page title read differently from what was written.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
