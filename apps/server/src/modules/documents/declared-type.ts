import { ERROR_CODES, fileMismatchMessage, type DeclaredFileType, type FoundFileContent } from '@sparks/contract';
import { withoutBidiControls } from '../../lib/bidi-controls.js';
import { AppError } from '../../lib/app-error.js';

const BY_EXTENSION: Record<string, DeclaredFileType> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  json: 'json',
  csv: 'csv',
  html: 'html',
  htm: 'html',
};

const BY_CONTENT_TYPE: Record<string, DeclaredFileType> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'application/json': 'json',
  'text/csv': 'csv',
  'text/html': 'html',
};

/** What each claim allows the bytes to be: any photo for a photo's name (both are read alike), text for every text-like name. */
const FITS: Record<DeclaredFileType, readonly FoundFileContent[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  doc: ['doc'],
  jpeg: ['jpeg', 'png'],
  png: ['png', 'jpeg'],
  text: ['text'],
  markdown: ['text'],
  json: ['text'],
  csv: ['text'],
  html: ['text'],
};

/**
 * What an upload says it is. The extension is what the owner sees and chose, so it speaks first;
 * a content type only when the name has no extension the product knows, since systems label the
 * same file differently (Windows sends a .csv as an Excel type). A generic type claims nothing.
 */
export function declaredType(name: string, contentType: string | undefined): DeclaredFileType | undefined {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(name.trim())?.[1]?.toLowerCase();
  const byName = extension === undefined ? undefined : BY_EXTENSION[extension];
  if (byName) return byName;
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? BY_CONTENT_TYPE[type] : undefined;
}

export const fits = (declared: DeclaredFileType, found: FoundFileContent): boolean => FITS[declared].includes(found);

/** The file's name as the refusal quotes it, on one short line; a name with markup in it is not echoed back at all. */
function quotedName(name: string): string {
  const plain = withoutBidiControls(name.split(/[/\\]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!plain || /[<>&"'`]/.test(plain)) return 'This file';
  return plain.length > 80 ? `${plain.slice(0, 79)}…` : plain;
}

/** 415 FILE_TYPE_MISMATCH: the bytes are something the product reads, but not what the upload says. */
export const fileTypeMismatch = (name: string, declared: DeclaredFileType, found: FoundFileContent) =>
  new AppError(415, ERROR_CODES.FILE_TYPE_MISMATCH, fileMismatchMessage(quotedName(name), { declared, found }), { mismatch: { declared, found } });
