import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('install-guide-es', 'es');

/**
 * Guía Debian GNU/Linux de instalación (amd64) as Debian ships it in plain text: one 460 kB file
 * with no pages, a contents list that repeats every heading, box-drawn tables, and long
 * preconfiguration listings full of commented-out settings.
 */
export const INSTALL_GUIDE_ES_QUESTIONS: EvalQuestion[] = [
  summary('summary', '¿De qué trata esta guía?', ['instalación', 'requisitos', 'particionado', 'arranque', 'preconfiguración']),
  summary('summary-en', 'What does this guide cover?', ['Debian', 'USB', 'GRUB', 'UEFI', 'swap'], { language: 'en' }),
  fact('developers', 'Según la guía, ¿cuántos desarrolladores tiene Debian?', ['1000 desarrolladores'], 1),
  fact('minimum', 'What is the bare minimum of RAM and disk to install?', ['780MB', '1160MB'], 1, { language: 'en' }),
  fact('desktop-ram', 'How much RAM is recommended for a machine with a desktop?', ['2 Gigabytes'], 1, { language: 'en' }),
  fact('desktop-disk', 'And how much disk?', ['10 Gigabyte'], 1, { language: 'en', after: 'desktop-ram' }),
  fact('cpu', 'What processor do I need for a desktop system?', ['Pentium 4'], 1, { language: 'en' }),
  fact('secure-boot', 'Will the installer boot with Secure Boot turned on?', ['shim'], 1, { language: 'en' }),
  fact('fast-startup', 'Tengo Windows y quiero arranque dual: ¿hay que desactivar el inicio rápido?', ['tiene que estar desactivada en Windows'], 1),
  fact('usb-stick', '¿Cómo paso el instalador a una memoria USB desde Linux?', ['cp debian.iso /dev/sdX'], 1),
  fact('usb-device', '¿Lo escribo en /dev/sdb1 o en /dev/sdb?', ['/dev/sdb y no /dev/sdb1'], 1, { after: 'usb-stick' }),
  fact('unetbootin', '¿Puedo usar unetbootin para preparar la memoria USB?', ['No utilice herramientas como unetbootin', 'alteran la imagen'], 1),
  fact('checksum', 'How can I check the ISO I downloaded is not corrupted?', ['sha256sum nombredearchivo.iso', 'SHA256SUMS'], 1, { language: 'en' }),
  fact('boot-parameters', '¿Cómo añado parámetros de arranque desde el menú del instalador?', ['presione Tab'], 1),
  fact('speech', '¿Cómo arranco el instalador con síntesis de voz?', ['tecleando s Enter', 'Install with speech synthesis'], 1),
  fact('speech-speed', 'La voz va muy lenta, ¿se puede acelerar?', ['CapsLock+6'], 1, { after: 'speech' }),
  fact('root-password', '¿Cuántos caracteres debe tener como mínimo la contraseña de root?', ['seis caracteres'], 1),
  fact('no-root-password', 'If I leave the root password empty, how do I administer the machine?', ['sudo'], 1, {
    language: 'en',
  }),
  fact('manual-clock', '¿Puedo poner la hora a mano durante la instalación?', ['No es posible fijar la hora del sistema manualmente', 'NTP'], 1),
  fact('timezone', 'How do I change the time zone once the system is installed?', ['dpkg-reconfigure tzdata'], 1, { language: 'en' }),
  fact('ssh-install', '¿Puedo seguir la instalación en remoto por SSH?', ['network-console'], 1),
  fact('ssh-user', '¿Y con qué usuario entro?', ['installer'], 1, { after: 'ssh-install' }),
  fact('firmware', 'Where on the USB stick do I put the firmware files?', ['/firmware'], 1, { language: 'en' }),
  fact('partitions', 'Soy novato, ¿qué particiones hago?', ['una simple partición', 'ext4'], 1),
  fact('swap', '¿De qué tamaño hago la partición de intercambio?', ['tanto espacio a la partición swap como memoria tenga tu sistema', '512 MB'], 1),
  fact('second-disk', '¿Cómo se llama en Linux el segundo disco duro?', ['/dev/sdb'], 1),
  fact('default-desktop', 'Which desktop gets installed by default?', ['GNOME'], 1, { language: 'en' }),
  fact('gnome-size', 'How much disk space does the GNOME desktop take?', ['3216'], 1, { language: 'en' }),
  fact('automatic', 'Which boot parameters give me a fully automatic install?', ['auto=true priority=critical'], 1, { language: 'en' }),
  fact('shutdown', 'How do I turn the computer off from the command line?', ['shutdown -h now', 'poweroff'], 1, { language: 'en' }),
  fact('rescue', 'Mi sistema ya no arranca, ¿cómo entro en modo de rescate?', ['escribe rescue en el prompt boot:'], 1),
  fact('rescue-target', '¿Y dónde queda montado mi sistema en ese modo?', ['/target'], 1, { after: 'rescue' }),
  fact('mail', 'How do I set the system up to send mail to other machines?', ['dpkg-reconfigure exim4-config'], 1, { language: 'en' }),
  fact('licence', '¿Con qué licencia se publica esta guía?', ['licencia general pública GNU', 'Licencia Pública General GNU'], 1),
];
