import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('debian-faq', 'en');

/**
 * The Debian GNU/Linux FAQ: question-shaped headings over 16 chapters, a four-page contents whose
 * entries repeat the questions, and stray accent marks where the source set `quotes'.
 */
export const DEBIAN_FAQ_QUESTIONS: EvalQuestion[] = [
  summary('summary', 'What is this document about?', ['frequently asked questions', 'stable', 'testing', 'unstable', 'dpkg', 'apt']),
  summary('summary-es', '¿De qué temas habla este FAQ?', ['stable', 'testing', 'unstable', 'dpkg', 'apt', 'reportbug'], { language: 'es' }),
  fact('founder', 'Who started Debian, and when?', ['Ian Murdock in 1993'], 9),
  fact('pronounce', '¿Cómo se pronuncia "Debian"?', ['ee-en', 'emphasis on the first syllable'], 11, { language: 'es' }),
  fact('name-origin', '¿Y de dónde sale ese nombre?', ['Debra'], 11, { language: 'es', after: 'pronounce' }),
  fact('package-count', 'how many packages are there', ['59100 software packages', 'more than 59100'], 9),
  fact('architecture-count', 'and on how many architectures does it run?', ['9 architectures'], 11, { after: 'package-count' }),
  fact(
    'server-choice',
    "I'm setting up a server exposed to the internet, which distribution should I install?",
    ['install stable', 'strongest and safest choice'],
    15,
  ),
  fact('unstable-to-stable', 'If I move to unstable, can I go back to stable later?', ['one way process'], 16),
  fact('testing-delay', 'How many days does a package sit in unstable before it reaches testing?', ['5 days'], 17),
  fact('which-release', '¿Cómo sé qué versión de Debian tiene instalada una máquina?', ['/etc/debian_version', 'lsb_release -a'], 27, { language: 'es' }),
  fact('codenames', 'Where do release names like bookworm and bullseye come from?', ['Toy Story'], 29),
  fact('bookworm-character', 'And which character was bookworm?', ['green toy worm'], 30, { after: 'codenames' }),
  fact('sid', 'what is sid', ['evil neighbor kid next door', 'permanent symbolic link to sid'], 30),
  fact('hold', '¿Cómo impido que se actualice un paquete concreto?', ['apt-mark hold package_name', 'aptitude hold package_name'], 40, { language: 'es' }),
  fact('unhold', '¿Y cómo lo deshago después?', ['apt-mark unhold package_name', 'aptitude unhold package_name'], 40, { language: 'es', after: 'hold' }),
  fact('conffiles', 'Will an upgrade wipe out the changes I made to config files in /etc?', ['will not overwrite when the package is upgraded'], 37),
  fact('rpm', '¿Puedo instalar un paquete .rpm de Red Hat en Debian?', ['Alien'], 23, { language: 'es' }),
  fact('own-software', 'Where should I put a program I compiled myself from a tarball?', ['/usr/local/src/', '/usr/local/bin/'], 23),
  fact('build-tools', '¿Qué paquete instalo para poder compilar paquetes?', ['build-essential'], 26, { language: 'es' }),
  fact('file-owner', '¿de qué paquete viene este fichero?', ['dpkg --search foo', 'apt-file search foo'], 47, { language: 'es' }),
  fact('single-user', 'Can I upgrade packages while the server keeps running, or do I need single user mode?', ['upgraded in place'], 50),
  fact('auto-update', 'Can the system update itself on a schedule?', ['cron-apt'], 51),
  fact('auto-update-install', 'Does it also install the new packages?', ['without installing them'], 51, { after: 'auto-update' }),
  fact('many-machines', 'Tengo una docena de PCs con Debian en la oficina, ¿pueden compartir una sola descarga de las actualizaciones?', ['apt-cacher'], 51, {
    language: 'es',
  }),
  fact('old-kernel', '¿Cómo borro un núcleo viejo?', ['dpkg --purge linux-image-NNN'], 53, { language: 'es' }),
  fact('paper-size', '¿Cómo hago que todos los programas usen el mismo tamaño de papel?', ['/etc/papersize', 'libpaper1'], 55, { language: 'es' }),
  fact('device-access', 'How do I let a normal user use the CD drive without changing permissions?', ['adduser user group'], 55),
  fact('disable-service', 'cómo evito que un servicio arranque al inicio sin desinstalarlo', ['systemctl disable service.service'], 56, { language: 'es' }),
  fact('runlevels', 'How many runlevels does Linux have?', ['7 runlevels'], 56),
  fact('report-bug', 'I found a bug, how do I report it?', ['reportbug'], 64),
  fact('maintainer-mail', '¿Cómo escribo directamente al responsable de un paquete?', ['xyz@packages.debian.org'], 63, { language: 'es' }),
  fact('sell-cds', 'Could my shop sell discs with Debian on them?', ['You do not need permission'], 67),
  fact('sell-cds-fee', 'Do we owe you anything for that?', ['do not have to pay us anything'], 67, { after: 'sell-cds' }),
  fact('donate', 'Which organisation can I give money to for Debian?', ['Software in the Public Interest'], 65),
  fact('apt-vs-apt-get', "What's the difference between apt and apt-get?", ['merges functionality of apt-get and apt-cache'], 44),
];
