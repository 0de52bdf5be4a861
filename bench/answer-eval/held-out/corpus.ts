import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENTS_DIR, type CorpusDocument, type Language } from '../corpus.js';

const shipped = (id: string, fileName: string, title: string, language: Language, pages: number): CorpusDocument => ({
  id,
  fileName,
  title,
  language,
  pages,
  load: () => readFile(join(DOCUMENTS_DIR, fileName)),
});

/**
 * The held-out documents: real public documents from Debian 12 (bookworm) packages that the
 * product is never tuned on (documents/SOURCES.md, "Held-out documents", says where each comes
 * from). Their questions measure whether what was tuned on the other documents generalises.
 * A plain-text document counts as one page.
 */
export const HELD_OUT_CORPUS: readonly CorpusDocument[] = [
  shipped('debian-faq', 'held-out-debian-faq.pdf', 'The Debian GNU/Linux FAQ', 'en', 73),
  shipped('nut-user-manual', 'held-out-nut-user-manual.pdf', 'Network UPS Tools User Manual', 'en', 135),
  shipped('debian-policy', 'held-out-debian-policy.pdf', 'Debian Policy Manual', 'en', 193),
  shipped('expeyes17-es', 'held-out-expeyes17-manual-es.pdf', 'expEYES-17 Manual del Usuario', 'es', 79),
  shipped('debian-history-es', 'held-out-debian-history-es.pdf', 'Una breve historia de Debian', 'es', 28),
  shipped('install-guide-es', 'held-out-debian-install-guide-es.txt', 'Guía Debian GNU/Linux de instalación', 'es', 1),
];
