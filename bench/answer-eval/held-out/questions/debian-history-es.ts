import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('debian-history-es', 'es');

/**
 * Una breve historia de Debian: a short Spanish history with a release-by-release chronology
 * (dates, package counts, software versions), a list of project leaders and the manifesto as an
 * appendix. Its translation is partial: whole paragraphs stayed in English, and the facts taken
 * from them are kept in English, as the document writes them.
 */
export const DEBIAN_HISTORY_ES_QUESTIONS: EvalQuestion[] = [
  summary('summary', '¿De qué trata este documento?', ['historia', 'versiones', 'líderes', 'DebConf', 'manifiesto']),
  summary('summary-en', 'Give me a quick overview of this document.', ['Debian', 'Toy Story', 'DebConf', 'Ian Murdock'], { language: 'en' }),
  fact('founded', 'When exactly was Debian founded?', ['August 16'], 7, { language: 'en' }),
  fact('pronunciation', '¿Cuál es la pronunciación oficial de Debian?', ['deb i an'], 7),
  fact('fsf-sponsor', 'Did the FSF ever sponsor Debian? For how long?', ['November 1994 to November 1995', 'for one year'], 7, {
    language: 'en',
  }),
  fact('current-leader', 'Who is the current project leader?', ['Jonathan Carter'], 8, { language: 'en' }),
  fact('perens', '¿Cuándo dirigió Bruce Perens el proyecto?', ['abril de 1996', 'diciembre de 1997'], 8),
  fact('leader-2010', '¿Quién lideró Debian entre 2010 y 2013?', ['Stefano Zacchiroli'], 8),
  fact('no-1-0', 'Why was there never a Debian 1.0?', ['Infomagic'], 9, { language: 'en' }),
  fact('buzz-packages', '¿Cuántos paquetes tenía Debian 1.1?', ['474'], 9),
  fact('buzz-date', '¿Y cuándo salió?', ['17 de junio de 1996'], 9, { after: 'buzz-packages' }),
  fact('apt', 'Which release first shipped apt?', ['Slink', 'introducción de apt'], 9, { language: 'en' }),
  fact('crypto', '¿Cuál fue la primera versión que incluyó software criptográfico?', ['Woody'], 9),
  fact('systemd', '¿En qué versión pasó systemd a ser el sistema de inicio por defecto?', ['Jessie'], 19),
  fact('jessie-packages', '¿Y cuántos paquetes traía esa versión?', ['43.000'], 19, { after: 'systemd' }),
  fact('apparmor', 'When did Debian first turn on AppArmor by default?', ['Buster', 'mandatory access control framework enabled per default'], 11, {
    language: 'en',
  }),
  fact('first-debconf', 'Where and when was the very first DebConf?', ['Bordeaux'], 14, { language: 'en' }),
  fact('potato-size', '¿Cuántas líneas de código tenía Debian 2.2?', ['55.000.000 SLOC'], 14),
  fact('potato-cost', '¿Y cuánto habría costado desarrollarla de la forma tradicional?', ['1.900 millones de dólares'], 14, { after: 'potato-size' }),
  fact('testing-start', '¿Desde cuándo existen los almacenes de paquetes que permitieron la distribución en pruebas?', ['diciembre de 2000'], 15),
  fact('biennial', '¿Cada cuánto publica Debian una versión nueva según lo que se decidió en 2009?', ['año par'], 16),
  fact('wheezy-languages', '¿En cuántos idiomas estaba el instalador de Wheezy?', ['73 idiomas'], 18),
  fact('africa', '¿Cuándo y dónde fue la primera DebConf en África?', ['Cape Town'], 19),
  fact('debconf20', 'Why was DebConf20 held online?', ['COVID-19'], 21, { language: 'en' }),
  fact('bullseye-kernel', 'Which Linux kernel came with Debian 11?', ['Linux 5.10'], 22, { language: 'en' }),
  fact('fire', 'Was a Debian server ever lost in a fire?', ['Twente'], 23, { language: 'en' }),
  fact('hacked', '¿Alguna vez atacaron los servidores de Debian?', ['19 de noviembre de 2003'], 24),
  fact('hacked-restored', '¿Y cuándo volvieron a estar disponibles?', ['25 de noviembre'], 24, { after: 'hacked' }),
  fact('stretch-dedication', 'Which release is dedicated to Ian Murdock?', ['Stretch'], 25, { language: 'en' }),
  fact('sid', '¿Qué significa el nombre Sid?', ['Still In Development'], 26),
  fact('manifesto', 'Who wrote the Debian manifesto, and when was it revised?', ['Ian A. Murdock', '01/06/94'], 27, { language: 'en' }),
];
