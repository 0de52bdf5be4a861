import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('maint-guide-es', 'es');

/**
 * Guía del nuevo desarrollador de Debian in Spanish. Its translation is partial: some
 * paragraphs stayed in English (the naming rules of page 17 among them), as happens in real
 * company documents too; those facts are kept as the document writes them.
 */
export const MAINT_GUIDE_ES_QUESTIONS: EvalQuestion[] = [
  fact('essential-package', '¿Qué paquete necesito instalar sí o sí para empezar a empaquetar?', ['imprescindible para el desarrollo es build-essential'], 9),
  fact('sponsor', '¿Qué hace un patrocinador?', ['transfiere los paquetes elaborados'], 8),
  fact('dd', '¿Qué es un DD?', ['es miembro de Debian'], 8),
  fact('help-beginners', 'soy nuevo, ¿a qué lista de correo pregunto?', ['es para los principiantes'], 11),
  fact('package-name', '¿Qué caracteres puede llevar el nombre de un paquete?', ['lower case letters (a-z)'], 17),
  fact('dh-make-env', '¿Qué variables de entorno hay que definir antes de usar dh_make?', ['$DEBEMAIL y $DEBFULLNAME'], 18),
  fact('first-package', '¿Cómo genero el primer paquete a partir del tar.gz original?', ['dh_make -f ../gentoo-0.9.12.tar.gz'], 18),
  fact('quilt', '¿Cómo configuro quilt para empaquetar?', ['alias dquilt'], 20),
  fact('usr-local', '¿Por qué mi paquete no puede instalar en /usr/local?', ['reservado para el uso privado'], 21),
  fact('priority', 'qué prioridad le pongo a un paquete nuevo', ['optional se utiliza para paquetes nuevos'], 26),
  fact('suggests', '¿Qué significa Suggests en el archivo control?', ['no son necesarios en absoluto'], 28),
  fact('short-description', '¿Cuántos caracteres puede tener la descripción corta?', ['más de 60 caracteres'], 29),
  fact('build', '¿Con qué orden construyo el paquete completo?', ['dpkg-buildpackage -us -uc'], 48),
  fact('pbuilder', '¿Para qué sirve pbuilder?', ['entorno de compilación limpio (chroot)'], 50),
  fact('debuild', '¿Qué hace debuild?', ['debuild = dpkg-buildpackage + lintian'], 53),
  fact('lintian-e', 'En lintian, ¿qué quiere decir una E?', ['E: para los errores'], 55),
  fact('build-deps', '¿Cómo averiguo qué paquetes hacen falta para compilar el mío?', ['dpkg-depcheck -d ./configure'], 26),
  // Asked in English, and follow-ups asked in the same conversation right after the question they name.
  fact('lintian-w', '¿Y la W?', ['W: para las advertencias'], 55, { after: 'lintian-e' }),
  fact('debuild-clean', '¿y cómo borro lo que genera la compilación?', ['debuild -- clean'], 50, { after: 'debuild' }),
  fact('dm', '¿Y un DM?', ['tiene permiso limitado para transferir paquetes'], 8, { after: 'dd' }),
  fact('quick-deb', 'How do I make a quick .deb for testing without rebuilding the upstream source?', ['fakeroot debian/rules binary'], 53, { language: 'en' }),
  fact('arch-only', 'How do I build only the architecture-dependent binary package?', ['dpkg-buildpackage -B'], 50, { language: 'en' }),
  fact('fakeroot', 'What is fakeroot for?', ['lets you emulate being root'], 9, { language: 'en' }),
  fact('orig-tarball', 'What is the copy of the original source called after dh_make?', ['gentoo_0.9.12.orig.tar.gz'], 18, { language: 'en' }),
  summary('summary', '¿De qué trata esta guía?', ['paquete', 'Debian', 'dh_make', 'lintian', 'debian/rules']),
];
