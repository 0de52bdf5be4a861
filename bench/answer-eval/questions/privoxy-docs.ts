import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary, unanswerable } = questionsOf('privoxy-docs', 'en');

/**
 * Privoxy's documentation as a website of 25 linked pages: the project's index page, the user
 * manual, the FAQ and the man page, crawled from the index page. Questions are the ones a new
 * user of the proxy asks; answers sit on one page, some as a command, a configuration line, an
 * address or a cell of a table, and several are repeated in other words on other pages (the FAQ
 * restates the manual). Pages: 4 Installation, 7 Starting Privoxy, 8 Privoxy Configuration,
 * 18-22 the FAQ's general, installation, configuration, miscellaneous and troubleshooting chapters.
 */
export const PRIVOXY_DOCS_QUESTIONS: EvalQuestion[] = [
  fact('default-port', 'What port does Privoxy listen on?', ['port 8118'], 7),
  fact('old-port', 'and which port did older versions use?', ['port 8000'], 7, { after: 'default-port' }),
  fact('debian-install', '¿Cómo lo instalo en Debian?', ['apt-get install privoxy'], 4, { language: 'es' }),
  fact('debian-config', '¿y dónde queda el archivo de configuración principal?', ['/etc/privoxy/config'], 7, { language: 'es', after: 'debian-install' }),
  fact('web-interface', 'Is there a page in the browser where I can change its settings?', ['http://config.privoxy.org/', 'http://p.p/'], 21),
  fact('caching', 'Can Privoxy cache pages so that browsing gets faster?', ['it does not have this ability at all'], 21),
  fact('caching-instead', 'what should I use for that then?', ['Squid or Polipo'], 21, { after: 'caching' }),
  fact('tor', 'How do I send my browsing through Tor?', ['forward-socks5t / 127.0.0.1:9050'], 21),
  fact('tor-bundle', 'I got Tor from one of the bundles, is anything different?', ['from 9050 to 9150'], 21, { after: 'tor' }),
  fact('http2', '¿Privoxy es compatible con HTTP/2?', ["doesn't parse HTTP/2"], 21, { language: 'es' }),
  fact('ftp', '¿Puedo usarlo como proxy para FTP?', ['Privoxy cannot act as a proxy for FTP traffic'], 22, { language: 'es' }),
  fact('gold-sponsor', 'How much does it cost to become a gold sponsor?', ['12000 USD/year'], 18),
  fact('lan', 'How can the other computers on my home network use it?', ['listen-address 192.168.1.1:8118', 'listen-address :8118'], 20),
  fact('trusted-cookies', '¿Cómo dejo que un sitio de confianza guarde cookies permanentes?', ['allow-all-cookies'], 20, { language: 'es' }),
  fact('config-test', 'How can I check that my config files load without starting the proxy?', ['--config-test'], 7),
  // A cell of the FAQ's table of the team's binaries, by operating system and release.
  fact('oldest-windows', 'What is the oldest Windows the 3.0.33 binaries support?', ['Windows Vista'], 19),
  fact('hide-ip', '¿Privoxy oculta mi dirección IP?', ['you cannot hide your IP address with Privoxy'], 21, { language: 'es' }),
  fact('user-action', '¿En qué archivo pongo mis propias reglas para no perderlas al actualizar?', ['user.action'], 8, { language: 'es' }),
  fact('restart-after-edit', 'Do I have to restart Privoxy after I edit its configuration?', ['there is no need to restart Privoxy'], 8),
  summary('summary', 'What is Privoxy and what does it do?', ['proxy', 'privacy', 'ads', 'cookies', 'filter', 'HTTP']),
  // Asked by visitors of the site; none of the 25 pages answers them.
  unanswerable('android-app', 'Is there a Privoxy app for Android phones?'),
  unanswerable('docker-image', 'Is there an official Docker image of Privoxy?'),
  unanswerable('easylist', 'Can I load EasyList or other Adblock Plus filter lists into it?'),
  unanswerable('ram-needed', 'How much RAM does Privoxy need to run?'),
  unanswerable('next-release', 'When is the next version coming out?'),
  unanswerable('crypto-miners', 'Does it block cryptocurrency mining scripts?'),
  unanswerable('phone-support', 'Is there a phone number I can call for help?'),
  unanswerable('websockets', 'Does Privoxy work with WebSockets?'),
  unanswerable('user-count', 'How many people use Privoxy?'),
  unanswerable('dns-over-https', '¿Admite DNS sobre HTTPS?', { language: 'es' }),
  unanswerable('vpn', '¿Privoxy trae una VPN incluida?', { language: 'es' }),
  unanswerable('spanish-interface', '¿Puedo poner su interfaz web en español?', { language: 'es' }),
];
