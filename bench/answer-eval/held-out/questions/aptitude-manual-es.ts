import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary, unanswerable } = questionsOf('aptitude-manual-es', 'es');

/**
 * Manual de usuario de aptitude: a program's help website in Spanish, 37 linked pages crawled from
 * its contents page. Answers are menu paths, keys, option names and paths, often inside tables
 * and code spans; part of the translation stayed in English, and every page repeats its title
 * and a navigation table. The English questions ask for what reads the same in both languages:
 * option names, paths and commands.
 */
export const APTITUDE_MANUAL_ES_QUESTIONS: EvalQuestion[] = [
  summary('summary', '¿De qué trata esta ayuda?', ['paquetes', 'búsqueda', 'dependencias', 'configuración', 'teclas', 'línea de órdenes']),
  summary('summary-en', 'What can I learn on this help site?', ['aptitude', 'Debian', 'apt-get', 'menu', 'dependenc'], { language: 'en' }),
  fact('preferences-file', '¿Dónde se guardan las preferencias que cambio desde el menú Opciones?', ['~/.aptitude/config'], 13),
  fact('audit-recommends', '¿Hay alguna vista que enseñe los paquetes recomendados que todavía no tengo?', ['Auditar Recomendaciones'], 13),
  fact('sudo', 'I want aptitude to use sudo instead of su to get root. What do I set?', ['Aptitude::Get-Root-Command'], 15, { language: 'en' }),
  fact('sudo-default', "and what's that option set to out of the box?", ['su:/bin/su'], 33, { language: 'en', after: 'sudo' }),
  fact('flag-c', 'En la lista, ¿qué quiere decir una c en la primera columna de un paquete?', ['sus ficheros de configuración siguen presentes'], 16),
  fact('magenta', '¿Por qué me sale un paquete en color magenta?', ['está instalado, pero se va a eliminar'], 16),
  fact('cache-dir', '¿En qué carpeta deja aptitude los paquetes que se descarga?', ['/var/cache/apt/archives'], 18),
  fact('cache-clean', '¿y cómo vacío esa carpeta desde los menús?', ['Limpiar el almacén de paquetes'], 18, { after: 'cache-dir' }),
  fact('trusted-keys', 'Which file holds the keys apt trusts?', ['/etc/apt/trusted.gpg'], 19, { language: 'en' }),
  fact('essential-cost', '¿Qué coste de seguridad se les da a las soluciones que quitan paquetes esenciales?', ['60,000'], 23),
  fact('auto-pattern', '¿Con qué patrón de búsqueda veo solo los paquetes instalados automáticamente?', ['?automatic', '~M'], 28),
  fact('config-files-pattern', '¿y los que quité pero sin purgar?', ['?config-files', '~c'], 28, { after: 'auto-pattern' }),
  fact('yellow-brown', 'Puse un fondo amarillo y en mi terminal se ve de otro color, ¿es normal?', ['marrón'], 31),
  fact('steplimit', '¿Se puede apagar del todo el solucionador de problemas?', ['StepLimit'], 33),
  fact('vertical-split', 'Is there a theme that shows the package description beside the list instead of under it?', ['Vertical-Split'], 34, {
    language: 'en',
  }),
  fact('minesweeper-mines', '¿Cuántas minas tiene el Buscaminas de aptitude?', ['diez minas'], 35),
  fact('minesweeper-stepped', 'Si pierdo, ¿cómo se ve la mina que pisé?', ['asterisco'], 35, { after: 'minesweeper-mines' }),
  fact('exact-name', 'Busco apt y me salen también aptitude y synaptic, ¿cómo encuentro solo ese?', ['^apt$', '?exact-name(apt)'], 36),
  fact('select-text', "I can't select text with the mouse while aptitude is running in xterm. Any trick?", ['Shift'], 36, { language: 'en' }),
  fact('simulate', '¿Puedo probar una instalación por línea de órdenes sin que se toque nada?', ['simular', '--simulate'], 10),
  fact('dist-upgrade', 'What was full-upgrade called before?', ['dist-upgrade'], 10, { language: 'en' }),
  fact('without-recommends', 'How do I install something without dragging in its recommended packages?', ['--without-recommends'], 37, {
    language: 'en',
  }),
  unanswerable('proxy', '¿Cómo configuro un proxy para que aptitude descargue a través de él?'),
  unanswerable('ram', '¿Cuánta memoria RAM necesita aptitude para funcionar bien?'),
  unanswerable('menu-language', '¿Cómo pongo los menús de aptitude en inglés?'),
  unanswerable('download-speed', '¿Se puede limitar la velocidad de descarga de aptitude?'),
  unanswerable('upgrade-duration', '¿Cuánto tarda un full-upgrade de Debian 11 a Debian 12?'),
  unanswerable('parallel-downloads', '¿Cuántos paquetes descarga aptitude a la vez?'),
  unanswerable('snap-flatpak', 'Can aptitude install Snap or Flatpak packages?', { language: 'en' }),
  unanswerable('web-interface', 'Is there a web interface for aptitude so I can manage a server from my browser?', { language: 'en' }),
  unanswerable('shell-key', 'Which key drops me into a shell without leaving aptitude?', { language: 'en' }),
  unanswerable('debian-versions', 'Which Debian releases does aptitude 0.8.13 run on?', { language: 'en' }),
  unanswerable('mirror', 'How do I switch aptitude to a faster mirror near me?', { language: 'en' }),
];
