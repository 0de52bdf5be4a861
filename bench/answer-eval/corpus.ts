import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makePdf } from '../../apps/server/test/document-fixtures.js';
import { HANDBOOK } from '../../apps/server/test/retrieval-set.js';
import type { Language } from '@sparks/contract';

export type { Language };

/** What a document brings to the evaluation beyond prose: a website's pages, a catalogue's records, tables. */
export type Structure = 'website' | 'catalogue' | 'tables';

export interface CorpusDocument {
  /** Short stable name the questions refer to. */
  id: string;
  /**
   * The name it is uploaded under, as a user's file would be; for a website, the folder of
   * documents/ its pages are served from.
   */
  fileName: string;
  title: string;
  language: Language;
  /** Pages as printed; a text or Markdown file without page breaks is one page; a website's pages, one each. */
  pages: number;
  /** What it is read as beyond prose, for the split's rules. */
  structure?: Structure[];
  /** A file's bytes (a website has none: it is crawled). */
  load(): Promise<Buffer>;
  /**
   * A website instead of a file: its pages (paths under the folder, in the order their page
   * numbers count them), served on loopback and read through the product's website import.
   */
  site?: { pages: readonly string[] };
}

export const DOCUMENTS_DIR = join(import.meta.dirname, 'documents');

/** A document kept in documents/, uploaded byte for byte as it is there. */
export const shipped = (id: string, fileName: string, title: string, language: Language, pages: number, structure?: Structure[]): CorpusDocument => ({
  id,
  fileName,
  title,
  language,
  pages,
  ...(structure ? { structure } : {}),
  load: () => readFile(join(DOCUMENTS_DIR, fileName)),
});

/**
 * A website kept in documents/<folder>/, its HTML pages as the site serves them: crawled from
 * `pages[0]` and read into documents through the product's website import, as an owner adds one.
 * Page n of a question is `pages[n - 1]`.
 */
export const website = (id: string, folder: string, title: string, language: Language, pages: readonly string[]): CorpusDocument => ({
  id,
  fileName: folder,
  title,
  language,
  pages: pages.length,
  structure: ['website'],
  site: { pages },
  load: () => Promise.reject(new Error(`${id} is a website: it is crawled, not uploaded`)),
});

/**
 * The Privoxy website's pages in reading order: the project's index page, the user manual, the
 * FAQ and the man page (its developer manual is left out, so the index page's link to it answers 404).
 */
const PRIVOXY_PAGES: readonly string[] = [
  'index.html',
  ...[
    'index',
    'introduction',
    'installation',
    'whatsnew',
    'quickstart',
    'startup',
    'configuration',
    'config',
    'actions-file',
    'filter-file',
    'templates',
    'contact',
    'copyright',
    'seealso',
    'appendix',
  ].map((page) => `user-manual/${page}.html`),
  ...['index', 'general', 'installation', 'configuration', 'misc', 'trouble', 'contact', 'copyright'].map((page) => `faq/${page}.html`),
  'man-page/privoxy-man-page.html',
];

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
  website('privoxy-docs', 'privoxy-docs', 'Privoxy documentation (website)', 'en', PRIVOXY_PAGES),
  shipped('cdda-storage', 'cataclysm-dda-storage.json', 'Cataclysm: Dark Days Ahead bags and backpacks (item catalogue)', 'en', 1, ['catalogue']),
  shipped('mutt-getting-started', 'mutt-getting-started.docx', 'Mutt manual: Getting Started', 'en', 1, ['tables']),
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
