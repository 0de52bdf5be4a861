import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('debian-edu-es', 'es');

/** Manual de Debian Edu 12 in Spanish: an administrator's manual for a school network (104 pages, 40 of them screenshots). */
export const DEBIAN_EDU_ES_QUESTIONS: EvalQuestion[] = [
  fact('what-is-skolelinux', '¿Qué es Skolelinux?', ['distribución Linux basada en Debian'], 7),
  fact('founded', '¿Cuándo empezó el proyecto Skolelinux?', ['2 de julio de 2001'], 7),
  fact('main-server-ip', '¿Qué dirección IP tiene el servidor principal?', ['dirección IP 10.0.2.2'], 9),
  fact('thin-client-ram', '¿Cuánta memoria necesita un cliente ligero?', ['256 MB de RAM'], 12),
  fact('workstation-ram', 'requisitos mínimos de una estación de trabajo', ['1024 Mb de RAM'], 12),
  // Mid-list: one line of a list of disk sizes per profile.
  fact('ltsp-disk', '¿Cuánto disco necesita un servidor LTSP?', ['servidor LTSP: 40Gb'], 13),
  fact('router', '¿Qué IP le pongo al router de Internet?', ['dirección IP 10.0.0.1'], 13),
  fact('gosa-url', '¿Cómo entro en GOsa2?', ['https://www/gosa'], 60),
  fact('printers', '¿Dónde gestiono las impresoras?', ['https://www.intern:631'], 72),
  fact('ntp', 'quiero que el reloj no se sincronice con internet', ['/etc/ntp.conf'], 72),
  fact('update', '¿Cómo actualizo el software del servidor?', ['apt full-upgrade'], 73),
  fact('backups', '¿Dónde se guardan las copias de seguridad?', ['/skole/backup/'], 73),
  fact('munin', '¿Dónde veo los gráficos de Munin?', ['https://www/munin/'], 74),
  fact('samba-disable', '¿Cómo desactivo un momento la cuenta de Samba de un alumno?', ['smbpasswd -d'], 96),
  fact('programming', '¿Cuánto ocupa instalar las herramientas para enseñar a programar?', ['casi 2 GiB'], 96),
  fact('monitor-students', '¿Con qué puedo supervisar a los alumnos?', ['Epoptes o Veyon'], 96),
  fact('filter-web', '¿Cómo limito el acceso a Internet de los alumnos?', ['Squidguard o e2guardian'], 96),
  // Asked in English, and follow-ups asked in the same conversation right after the question they name.
  fact('samba-enable', '¿Y cómo se la vuelvo a activar?', ['smbpasswd -e'], 96, { after: 'samba-disable' }),
  fact('router-netmask', '¿y qué máscara de red lleva?', ['máscara de red 255.0.0.0'], 13, { after: 'router' }),
  fact('thin-client-cpu', '¿Y de procesador?', ['400 MHZ de procesador'], 12, { after: 'thin-client-ram' }),
  fact('ltsp-network-cards', 'How many network cards does an LTSP server need?', ['necesitan dos tarjetas de red'], 13, { language: 'en' }),
  fact('main-servers', 'How many main servers do I need?', ['Necesitas exactamente un servidor principal'], 13, { language: 'en' }),
  fact('update-emails', 'Can I get an email when updates are available?', ['cron-apt te notificará una vez al día'], 73, { language: 'en' }),
  fact('resize-partition', 'A partition is full right after installing, how do I make it bigger?', ['debian-edu-fsautoresize -n'], 72, { language: 'en' }),
  summary('summary', '¿Qué hay en este manual?', ['Skolelinux', 'instalación', 'GOsa2', 'LTSP', 'actualizaciones']),
];
