import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('keepassxc-changelog', 'en');

/**
 * KeePassXC's release notes in Markdown: one heading per version and date, then short lines
 * of changes and fixes, many of them alike. A question about a feature is answered by its line;
 * "which version" needs the heading above it.
 */
export const KEEPASSXC_CHANGELOG_QUESTIONS: EvalQuestion[] = [
  fact('latest-version', 'What is the newest version in these release notes?', ['2.7.4 (2022-10-29)'], 1),
  fact('windows-hello', '¿Se puede desbloquear con Windows Hello?', ['Support quick unlock using Windows Hello'], 1, { language: 'es' }),
  fact('windows-hello-version', '¿desde qué versión?', ['2.7.0 (2022-03-21)'], 1, { language: 'es', after: 'windows-hello' }),
  fact('expiry-presets', 'Is there a preset to make an entry expire in 12 hours?', ['Add expiration presets for 12 and 24 hours'], 1),
  fact('max-password-length', '¿Cuál es la longitud máxima de contraseña en el generador?', ['Set maximum selectable password length to 999'], 1, {
    language: 'es',
  }),
  fact('good-rating', 'How much entropy does a password need to be rated good?', ['Increase entropy required for a "good" password rating to 75'], 1),
  fact('argon2id', '¿Es compatible con Argon2id?', ['Support Argon2id KDF'], 1, { language: 'es' }),
  fact('kdbx', 'Which KDBX format version was implemented?', ['Implement KDBX 4.1'], 1),
  fact('crypto-library', 'which crypto library does it use now', ['Port crypto backend to [Botan]'], 1),
  fact(
    'breached-passwords',
    '¿Puede comprobar si mis contraseñas han aparecido en una filtración?',
    ['HIBP online service to check for breached passwords'],
    1,
    { language: 'es' },
  ),
  fact('update-check', '¿Cada cuánto busca actualizaciones?', ['Check for updates every 7 days'], 1, { language: 'es' }),
  fact('cli-create', 'What happened to the CLI create command?', ['Rename `create` command to `db-create`'], 1),
  fact('paper-backup', 'Can I print a paper backup of my database?', ["Add 'Paper Backup' aka 'Export to HTML file'"], 1),
  fact('onlykey', '¿Funciona con una OnlyKey?', ['OnlyKey as an alternative to YubiKeys'], 1, { language: 'es' }),
  fact('onlykey-requirement', '¿y qué necesito tener instalado para eso?', ['yubikey-personalization >= 1.20.0'], 1, { language: 'es', after: 'onlykey' }),
  fact('first-release', '¿Cuándo salió la primera versión?', ['2.0 Alpha 1 (2012-05-07)'], 1, { language: 'es' }),
  fact('master-key', "Where did 'Master Key' go? I can't find it anymore", ['Replace instances of "Master Key" with "Database Credentials"'], 1),
  fact('double-click-copy', 'Does double-clicking copy the password?', ['enable copy on double click (default off)'], 1),
  summary('summary', 'What changed in these releases?', ['Auto-Type', 'Browser', 'CLI', 'SSH Agent', 'Fix']),
];
