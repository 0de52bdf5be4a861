import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('debian-reference-es', 'es');

/** Guía de referencia de Debian in Spanish: 272 pages, 18 of them table of contents, answers spread over the whole book. */
export const DEBIAN_REFERENCE_ES_QUESTIONS: EvalQuestion[] = [
  fact('what-is-debian', '¿Qué es Debian?', ['crear un sistema operativo libre'], 24),
  fact('root', '¿Qué puede hacer el superusuario?', ['borrar cualquier archivo del sistema'], 30),
  fact('broken-console', 'la terminal muestra símbolos raros después de hacer cat de un binario', ['escriba «reset»'], 32),
  fact('shutdown', '¿Cómo apago el equipo desde la consola?', ['shutdown -h now', 'poweroff -i -f'], 32),
  fact('sudo', '¿Cómo le doy permisos de administrador a mi usuario con sudo?', ['/etc/sudoers'], 33),
  // Mid-paragraph: after the explanation of user private groups.
  fact('umask', '¿Qué umask es seguro usar en Debian?', ['el valor 0002'], 38),
  fact('symlink', '¿Cómo creo un enlace simbólico?', ['ln -s foo bar'], 41),
  fact('mc', '¿Qué es MC?', ['navaja multiusos'], 45),
  fact('lang', '¿Para qué sirve la variable LANG?', ['configuración regional predeterminada'], 55),
  fact('free-software', '¿Debian es software libre?', ['instala por defecto únicamente software libre'], 73),
  fact('dist-upgrade', '¿Uso aptitude para pasar a una versión nueva de Debian?', ['apt full-upgrade'], 77),
  fact('bandwidth', '¿Se puede limitar la velocidad de descarga de apt?', ['Dl-Limit'], 104),
  fact('kernel-messages', '¿Cómo cambio el nivel de los mensajes del núcleo en la consola?', ['dmesg -n3'], 113),
  fact('good-password', '¿Cómo tiene que ser una buena contraseña?', ['de 6 a 8 caracteres'], 121),
  fact('ssh-keys', 'quiero entrar por ssh sin escribir la contraseña', ['ssh-keygen -t rsa'], 147),
  fact('smart', '¿Cómo vigilo si mi disco duro va a fallar?', ['smartmontools'], 194),
  fact('git-name', '¿Cómo configuro mi nombre en git?', ['git config --global user.name'], 231),
  fact('iconv', '¿Cómo cambio la codificación de un archivo de texto?', ['iconv -f encoding1 -t encoding2'], 237),
  // Asked in English, and follow-ups asked in the same conversation right after the question they name.
  fact('clear-screen', '¿y para limpiar la pantalla?', ['«clear» para limpiar la pantalla'], 32, { after: 'broken-console' }),
  fact('git-email', '¿y el correo electrónico?', ['git config --global user.email'], 231, { after: 'git-name' }),
  fact('sudo-no-password', '¿Y sin que me pida contraseña?', ['NOPASSWD:ALL'], 33, { after: 'sudo' }),
  fact('ssh-passphrase', 'How do I put a passphrase on my SSH key?', ['ssh-keygen -p'], 147, { language: 'en' }),
  fact('practice-user', 'How do I create an extra user account to practise with?', ['adduser fish'], 33, { language: 'en' }),
  fact('remove-practice-user', 'and how do I delete it afterwards, home folder included?', ['deluser --remove-home fish'], 33, {
    language: 'en',
    after: 'practice-user',
  }),
  fact('apply-patch', 'How do I apply a patch file?', ['patch -p1 file < file.patch1', 'patch -p0 file < file.patch0'], 231, { language: 'en' }),
  summary('summary', 'resúmeme este documento', ['Debian', 'paquetes', 'sistema', 'red', 'órdenes']),
];
