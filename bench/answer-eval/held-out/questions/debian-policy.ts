import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('debian-policy', 'en');

/**
 * Debian Policy Manual 4.6.2.0: a 193-page policy text with numbered rules, long footnotes set
 * in small type at the page bottoms, and a 35-page upgrading checklist that repeats many rules
 * in shorter form, so an answer has near-duplicates to compete with.
 */
export const DEBIAN_POLICY_QUESTIONS: EvalQuestion[] = [
  summary('summary', 'What is this manual?', [
    'policy requirements',
    'Debian archive',
    'binary packages',
    'source packages',
    'maintainer scripts',
    'shared libraries',
  ]),
  summary('summary-es', '¿De qué trata este documento?', ['DFSG', 'main', 'contrib', 'non-free', 'dpkg', 'debian/rules'], { language: 'es' }),
  fact('must-should', 'What is the difference between "must" and "should" in this manual?', ['strong requirements', 'best practices'], 13),
  fact('must-severity', 'And what bug severity is it when a package breaks a "must"?', ['critical, grave, and serious'], 13, { after: 'must-should' }),
  fact('original-author', '¿Quién escribió la primera versión del manual?', ['Ian Jackson'], 14, { language: 'es' }),
  fact('editors', '¿Quiénes son ahora los editores de la Policy?', ['Russ Allbery', 'Sean Whitton'], 14, { language: 'es' }),
  fact('translations', 'If a translation of the manual disagrees with the English one, which counts?', ['English text takes precedence'], 16),
  fact(
    'business-use',
    'Can a licence count as free if it forbids commercial use of the program?',
    ['No Discrimination Against Fields of Endeavor', 'may not restrict the program from being used in a business'],
    18,
  ),
  fact('main-nonfree', 'Can a package in main depend on something from non-free?', ['must not require or recommend a package outside of main'], 18),
  fact('contrib', 'what goes in contrib', ['require software outside of the distribution'], 19),
  fact('donations', 'Can a program whose author asks for donations go in main?', ['not donating is immoral'], 20),
  fact('default-priority', 'Which priority should most packages have?', ['optional', 'default priority for the majority of the archive'], 21),
  fact('extra-priority', 'and the extra priority?', ['priority is deprecated'], 21, { after: 'default-priority' }),
  fact('offensive', 'Quiero separar los chistes groseros en otro paquete, ¿cómo lo llamo?', ['-offensive', 'cowsay-offensive'], 23, { language: 'es' }),
  fact('date-versions', 'How do I write a date-based version so that it sorts correctly?', ['four-digit year first'], 24),
  fact('orphaned', '¿Qué se pone en el campo Maintainer de un paquete huérfano?', ['packages@qa.debian.org', 'Debian QA Group'], 25, { language: 'es' }),
  fact('synopsis-length', 'How long can the one-line package description be?', ['under 80 characters'], 26),
  fact('close-bug', '¿Cómo cierro un bug automáticamente desde el changelog?', ['closes: Bug#nnnnn'], 31, { language: 'es' }),
  fact('version-format', 'What is the format of a package version number?', ['[epoch:]upstream_version[-debian_revision]'], 48),
  fact('tilde', 'And what does a ~ in the version do?', ['sorts before anything'], 48, { after: 'version-format' }),
  fact('mail-dir', '¿Cuál es el directorio de correo del sistema?', ['/var/mail'], 91, { language: 'es' }),
  fact('user-uids', '¿Qué rango de UID se usa para las cuentas de usuario normales?', ['1000-59999'], 92, { language: 'es' }),
  fact('uid-65534', '¿Y el 65534?', ['nobody'], 92, { language: 'es', after: 'user-uids' }),
  fact('system-user-name', 'How should I name a system user that my package creates?', ['with an underscore'], 91),
  fact('cron', '¿Dónde pone un paquete una tarea que debe ejecutarse cada día?', ['/etc/cron.daily'], 96, { language: 'es' }),
  fact('logrotate', '¿Cómo deben rotar los paquetes sus ficheros de log?', ['/etc/logrotate.d'], 110, { language: 'es' }),
  fact('file-modes', 'What permissions should installed files have?', ['644 or 755'], 110),
  fact('setuid-modes', 'And setuid or setgid executables?', ['4755 or 2755'], 110, { after: 'file-modes' }),
  fact('editor', 'How should a program decide which text editor to open?', ['EDITOR or PAGER environment variable', 'sensible-editor', '/usr/bin/editor'], 114),
  fact('web-root', '¿Cuál es la raíz de documentos web por defecto?', ['/var/www/html'], 115, { language: 'es' }),
  fact('man-compression', '¿Cómo se comprimen las páginas de manual?', ['gzip -9'], 121, { language: 'es' }),
  fact('missing-man', 'A program ships without a man page, is that a bug?', ['considered as a bug'], 121),
  fact('copyright-file', 'Can the copyright file in /usr/share/doc be gzipped or a symlink?', ['must neither be compressed nor be a symbolic link'], 123),
  fact('moreinfo', 'The policy team tagged my bug moreinfo. How long do I have to answer?', ['within 30 days'], 148),
  fact('seconds', '¿Cuántos desarrolladores tienen que apoyar un cambio para que entre en la Policy?', ['N=3'], 149, { language: 'es' }),
  fact('x-window-manager', 'What changed in 4.6.2 for the x-window-manager alternative priority?', ['priority of 40'], 157),
  fact('licence', 'Under what licence is this manual published?', ['either version 2 of the License, or (at your option) any later version'], 191),
];
