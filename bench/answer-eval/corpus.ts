import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makePdf } from '../../apps/server/test/document-fixtures.js';
import { HANDBOOK } from '../../apps/server/test/retrieval-set.js';
import type { Language } from '@sparks/contract';

export type { Language };

export interface CorpusDocument {
  /** Short stable name the questions refer to. */
  id: string;
  /** The name it is uploaded under, as a user's file would be. */
  fileName: string;
  title: string;
  language: Language;
  /** Pages as printed; a text or Markdown file without page breaks is one page. */
  pages: number;
  load(): Promise<Buffer>;
}

export const DOCUMENTS_DIR = join(import.meta.dirname, 'documents');

/** A document kept in documents/, uploaded byte for byte as it is there. */
export const shipped = (id: string, fileName: string, title: string, language: Language, pages: number): CorpusDocument => ({
  id,
  fileName,
  title,
  language,
  pages,
  load: () => readFile(join(DOCUMENTS_DIR, fileName)),
});

/**
 * The tuning documents: real public documents nobody on the team wrote, as Debian ships them
 * (documents/SOURCES.md says where each comes from and under which licence): tables of
 * contents, indexes, running headers, page numbers, hyphenation and broken accents included,
 * because that is what users upload. The held-out documents are in held-out/corpus.ts.
 */
export const CORPUS: readonly CorpusDocument[] = [
  shipped('r-faq', 'r-faq.pdf', 'R FAQ', 'en', 52),
  shipped('r-data', 'r-data-import-export.pdf', 'R Data Import/Export', 'en', 41),
  shipped('maint-guide-es', 'maint-guide-es.pdf', 'Guía del nuevo desarrollador de Debian', 'es', 69),
  shipped('debian-edu-es', 'debian-edu-bookworm-manual-es.pdf', 'Manual de Debian Edu 12 (bookworm)', 'es', 104),
  shipped('debian-reference-es', 'debian-reference-es.pdf', 'Guía de referencia de Debian', 'es', 272),
  shipped('lilypond-usage-es', 'lilypond-usage-es.pdf', 'LilyPond: manual de utilización del programa', 'es', 75),
  shipped('gpl-3', 'gpl-3.0.txt', 'GNU General Public License v3 (terms)', 'en', 1),
  shipped('keepassxc-changelog', 'keepassxc-changelog.md', 'KeePassXC release notes', 'en', 1),
  shipped('social-contract-scan', 'debian-social-contract-scan.pdf', 'Debian Social Contract (scanned)', 'en', 3),
];

/** The team's own handbook of the retrieval-quality tests, made into a PDF the same way they make it. */
export const TEAM_HANDBOOK: CorpusDocument = {
  id: 'team-handbook',
  fileName: 'handbook.pdf',
  title: 'team handbook (ours)',
  language: 'en',
  pages: HANDBOOK.length,
  load: () => makePdf(HANDBOOK),
};

/** A tuning document by id. */
export const documentById = (id: string): CorpusDocument => {
  const found = [...CORPUS, TEAM_HANDBOOK].find((document) => document.id === id);
  if (!found) throw new Error(`no document ${id} in the corpus`);
  return found;
};
