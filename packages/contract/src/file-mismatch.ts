/*
 * Zod-free, like error-codes: the web app's API client reads a refused upload's mismatch with it.
 */

/**
 * What an upload says it is: its extension, or without one the product knows, its content type.
 * The text-like ones (txt, md, json, csv, html) all promise text.
 */
export const DECLARED_FILE_TYPES = ['pdf', 'docx', 'doc', 'jpeg', 'png', 'text', 'markdown', 'json', 'csv', 'html'] as const;
export type DeclaredFileType = (typeof DECLARED_FILE_TYPES)[number];

/** What an upload's bytes hold, among what the product reads, when that is not what the upload says. */
export const FOUND_FILE_CONTENTS = ['pdf', 'docx', 'doc', 'jpeg', 'png', 'text'] as const;
export type FoundFileContent = (typeof FOUND_FILE_CONTENTS)[number];

/** Carried by a FILE_TYPE_MISMATCH refusal, so the client words it in the owner's language. */
export interface FileMismatch {
  declared: DeclaredFileType;
  found: FoundFileContent;
}

const DECLARED_WORDS: Record<DeclaredFileType, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  doc: 'a Word 97–2003 document (.doc)',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  text: 'plain text',
  markdown: 'a Markdown file',
  json: 'JSON',
  csv: 'a CSV file',
  html: 'a web page (HTML)',
};

const FOUND_WORDS: Record<FoundFileContent, string> = {
  pdf: 'it is a PDF. Rename it to .pdf.',
  docx: 'it is a Word document. Rename it to .docx.',
  doc: 'it is a Word 97–2003 document. Rename it to .doc.',
  jpeg: 'it is a JPEG image. Rename it to .jpg.',
  png: 'it is a PNG image. Rename it to .png.',
  text: 'it holds plain text. Save it as .txt or export it as PDF.',
};

/** The English message of a mismatch: "price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF." */
export function fileMismatchMessage(name: string, mismatch: FileMismatch): string {
  return `${name} is not ${DECLARED_WORDS[mismatch.declared]}: ${FOUND_WORDS[mismatch.found]}`;
}

/** A mismatch read from an error body by hand (the first screen loads no zod); anything else is none. */
export function readFileMismatch(value: unknown): FileMismatch | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { declared, found } = value as Record<string, unknown>;
  const isDeclared = (DECLARED_FILE_TYPES as readonly unknown[]).includes(declared);
  const isFound = (FOUND_FILE_CONTENTS as readonly unknown[]).includes(found);
  return isDeclared && isFound ? { declared: declared as DeclaredFileType, found: found as FoundFileContent } : undefined;
}
