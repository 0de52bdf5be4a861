import { shipped, website, type CorpusDocument } from '../corpus.js';

/**
 * The held-out documents: real public documents from Debian 12 (bookworm) packages that the
 * product is never tuned on (documents/SOURCES.md, "Held-out documents", says where each comes
 * from). Their questions measure whether what was tuned on the other documents generalises.
 * A plain-text document counts as one page; so do a JSON catalogue and a Word document, which
 * have no page breaks; a website's pages count one each, in the order listed.
 */
export const HELD_OUT_CORPUS: readonly CorpusDocument[] = [
  shipped('debian-faq', 'held-out-debian-faq.pdf', 'The Debian GNU/Linux FAQ', 'en', 73),
  shipped('nut-user-manual', 'held-out-nut-user-manual.pdf', 'Network UPS Tools User Manual', 'en', 135),
  shipped('debian-policy', 'held-out-debian-policy.pdf', 'Debian Policy Manual', 'en', 193),
  shipped('expeyes17-es', 'held-out-expeyes17-manual-es.pdf', 'expEYES-17 Manual del Usuario', 'es', 79),
  shipped('debian-history-es', 'held-out-debian-history-es.pdf', 'Una breve historia de Debian', 'es', 28),
  shipped('install-guide-es', 'held-out-debian-install-guide-es.txt', 'Guía Debian GNU/Linux de instalación', 'es', 1),
  website('aptitude-manual-es', 'held-out-aptitude-manual-es', 'Manual de usuario de aptitude', 'es', [
    'index.html',
    'pr01.html',
    'pr01s01.html',
    'pr01s04s01.html',
    'ch01s01s01.html',
    'ch01s01s02.html',
    'ch01s01s03.html',
    'ch01s01s04.html',
    'ch01s01s05.html',
    'ch01s02.html',
    'ch02.html',
    'ch02s01s01.html',
    'ch02s01s02.html',
    'ch02s01s03.html',
    'ch02s01s04.html',
    'ch02s02s02.html',
    'ch02s02s03.html',
    'ch02s02s04.html',
    'ch02s02s05.html',
    'ch02s02s06.html',
    'ch02s03s02.html',
    'ch02s03s03.html',
    'ch02s03s04.html',
    'ch02s03s05.html',
    'ch02s04.html',
    'ch02s04s01.html',
    'ch02s04s03.html',
    'ch02s04s05.html',
    'ch02s05s01.html',
    'ch02s05s02.html',
    'ch02s05s03.html',
    'ch02s05s04.html',
    'ch02s05s05.html',
    'ch02s05s06.html',
    'ch02s06.html',
    'ch03.html',
    'rn01re01.html',
  ]),
  shipped('obs-rtmp-services', 'held-out-obs-rtmp-services.json', 'OBS Studio streaming services', 'en', 1, ['catalogue']),
  shipped('postgresql-datetime', 'held-out-postgresql-datetime.docx', 'PostgreSQL 15: Date/Time Types', 'en', 1, ['tables']),
];
