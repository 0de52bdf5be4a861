import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('nut-user-manual', 'en');

/**
 * Network UPS Tools User Manual: an administration guide for UPS and PDU hardware, with long
 * configuration listings, a 20-page table of variable names, cable pinouts drawn as images and
 * running footers "… 25 / 123" that do not match the physical page.
 */
export const NUT_USER_MANUAL_QUESTIONS: EvalQuestion[] = [
  summary('summary', 'What does this manual cover?', ['UPS', 'upsd', 'upsmon', 'drivers', 'shutdown', 'SSL']),
  summary('summary-es', '¿Para qué sirve NUT, en resumen?', ['UPS', 'PDU', 'upsd', 'upsmon', 'upsc'], { language: 'es' }),
  fact('manufacturers', 'How many UPS brands does it support?', ['More than 140 different manufacturers'], 13),
  fact('default-port', '¿Qué puerto usa upsd por defecto?', ['3493'], 14, { language: 'es' }),
  fact('old-port', '¿Siempre ha sido ese puerto?', ['3305'], 111, { language: 'es', after: 'default-port' }),
  fact('version-numbering', 'How do I tell a stable release from a development one?', ['if the middle number is odd'], 20),
  fact('licence', 'What licence is NUT under?', ['GNU General Public License version 2 or later'], 22),
  fact('home-primary', 'I have one PC plugged into one UPS by USB. Should upsmon be primary or secondary?', ['upsmon in primary mode'], 17),
  fact('home-secondary', 'and the other computers fed by that same UPS?', ['Everything else is a secondary'], 17, { after: 'home-primary' }),
  fact('debian-cgi', 'En Debian, ¿qué paquete añado para tener las páginas web de estado?', ['nut-cgi'], 30, { language: 'es' }),
  fact('debian-config', '¿Dónde están los ficheros de configuración en Debian?', ['/etc/nut'], 31, { language: 'es' }),
  fact('usb-port', 'My UPS is connected by USB, what do I put for port in ups.conf?', ['set port to auto'], 35),
  fact('config-permissions', '¿Qué permisos deben tener upsd.conf y upsd.users?', ['chmod 0640 upsd.conf upsd.users'], 37, { language: 'es' }),
  fact('on-line-check', 'How do I check that the UPS is running on mains power?', ['upsc myupsname@localhost ups.status'], 37),
  fact('ob-meaning', 'and what if it says OB instead of OL?', ['on battery'], 37, { after: 'on-line-check' }),
  fact('hostsync', 'How long does the primary wait for the secondaries to disconnect before shutting down?', ['typically 15'], 40),
  fact('finaldelay', 'How many seconds does it wait before running SHUTDOWNCMD?', ['typically 5'], 40),
  fact('killpower', '¿Dónde se crea el fichero que indica que hay que cortar la corriente?', ['/etc/killpower'], 40, { language: 'es' }),
  fact('monitor-user', '¿Dónde creo el usuario con el que upsmon se conecta a upsd?', ['upsd.users', '[monuser]'], 40, { language: 'es' }),
  fact('power-value', 'What is the 1 in the MONITOR line?', ['power value'], 41),
  fact('shutdowncmd', 'What shutdown command should upsmon run?', ['/sbin/shutdown -h +0'], 42),
  fact('dry-run', '¿Cómo pruebo la secuencia de apagado sin cortar de verdad la corriente?', ['upsdrvctl -t shutdown'], 43, { language: 'es' }),
  fact('forced-test', '¿Y para probar un apagado forzado de verdad?', ['upsmon -c fsd'], 43, { language: 'es', after: 'dry-run' }),
  fact('raid', 'Uso RAID por software en Linux, ¿tengo que hacer algo antes de que el SAI corte la corriente?', ['mdadm --readonly'], 44, { language: 'es' }),
  fact('shutdown-order', 'I have three UPSes on one server, how do I choose the order they are powered off in?', ['sdorder'], 46),
  fact('never-off', 'and one of them must never be powered off?', ['set its sdorder to -1'], 47, { after: 'shutdown-order' }),
  fact('battery-timer', '¿Cómo hago que me avise solo cuando lleve 30 segundos con batería?', ['AT ONBATT * START-TIMER onbattwarn 30'], 49, {
    language: 'es',
  }),
  fact(
    'managed-outlet',
    "Can I plug the UPS's USB cable into one of its managed outlets?",
    ['all computers will be stopped as soon as the communication is lost'],
    52,
  ),
  fact('admin-user', 'How do I define an admin user with full rights?', ['instcmds = all', 'actions = set'], 57),
  fact('ufw', 'cómo abro NUT en el cortafuegos ufw', ['ufw allow NUT'], 58, { language: 'es' }),
  fact('cert-days', 'If I leave out -days when creating the certificate, how long is it valid?', ['default to 30 days'], 59),
  fact('certverify', 'How do I make upsmon check the server certificate?', ['CERTVERIFY 1'], 61),
  fact('chroot', 'Can upsd be run inside a chroot jail?', ['upsd -r /chroot/nut -u nutsrv'], 66),
  fact('founder', '¿Quién fundó el proyecto?', ['Russell Kroll'], 68, { language: 'es' }),
  fact('eaton', 'If I buy an Eaton UPS, do I get official support for NUT from Eaton?', ['since 2011 Eaton does not support NUT anymore'], 69),
  fact('runtime-variable', 'Which variable tells me how many seconds of battery are left?', ['battery.runtime'], 77),
  fact('help-info', 'What should I include when I ask the mailing list for help?', ['exact NUT version'], 84),
  fact('idle-clients', 'Does upsd kick out clients that stay silent?', ['more than 60 seconds'], 106),
  fact('name', 'Who suggested the name Network UPS Tools?', ['Kern Sibbald'], 110),
  fact('first-stable', 'When did version 1.0.0 come out?', ['August 19, 2002'], 111),
];
