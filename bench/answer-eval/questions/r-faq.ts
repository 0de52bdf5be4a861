import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('r-faq', 'en');

/** The R FAQ: one question per heading, so the answer usually sits right under a question-shaped heading. */
export const R_FAQ_QUESTIONS: EvalQuestion[] = [
  fact('what-is-r', 'What is R?', ['system for statistical computation'], 7),
  fact('why-named-r', 'why is it called R', ['first two R authors', 'Robert Gentleman and Ross Ihaka'], 14),
  fact('commercial-use', 'Am I allowed to use R at my company for paid consulting work?', ['can use R for commercial purposes'], 14),
  fact('cran', 'What does CRAN stand for?', ['Comprehensive R Archive Network'], 13),
  fact(
    'factor-to-number',
    'my numbers were read in as a factor, how do I get the numbers back?',
    ['as.numeric(as.character(f))', 'as.numeric(levels(f))[as.integer(f)]'],
    34,
  ),
  fact('save-workspace', 'How do I save everything in my session to a file?', ['save.image()'], 32),
  fact('clear-workspace', 'delete all objects in my workspace', ['rm(list = ls(all.names = TRUE))'], 32),
  fact('install-tarball', 'I downloaded a package as a .tar.gz, how do I install it on Linux?', ['R CMD INSTALL path/pkg_version.tar.gz'], 26),
  fact('remove-package', 'How can I uninstall an add-on package?', ['R CMD REMOVE pkg_1'], 28),
  // The answer is in the middle of the section, after a paragraph about representation.
  fact('float-equality', 'Why are two numbers that should be equal not equal in R?', ['53 binary digits'], 41),
  fact('negative-power', 'why does -2^2 give -4 instead of 4', ['(-2)^2', 'precedence rules'], 42),
  fact('sort-data-frame', 'how to sort a data frame by one column', ['simply use order()'], 39),
  fact('emacs', 'Is there an Emacs mode for R?', ['Emacs Speaks Statistics'], 30),
  fact('lattice-not-shown', 'My lattice plot shows nothing when I run my script', ['explicit print() statement'], 39),
  fact('catch-errors', 'How do I keep a long simulation going when one model fit throws an error?', ['tryCatch()'], 42),
  fact('package-vs-library', "What's the difference between a package and a library?", ['A library is a place'], 40),
  fact('read-table-slow', 'reading a big file with read.table is very slow, how can I speed it up?', ['colClasses'], 40),
  fact('r-foundation', 'What is the R Foundation?', ['not for profit organization'], 14),
  // Asked in Spanish, and follow-ups asked in the same conversation right after the question they name.
  fact('save-other-name', 'Can I save it under a different name?', ['save.image(file)'], 32, { after: 'save-workspace' }),
  fact('cran-main-site', 'and where is its main site?', ['main site at WU'], 13, { after: 'cran' }),
  fact('windows-32-bit', '¿R funciona en Windows de 32 bits?', ['R 4.1.3 was the last version of R to support 32-bit Windows'], 9, { language: 'es' }),
  fact('debian-install', '¿Cómo instalo R en Debian?', ['apt-get install r-base r-recommended'], 10, { language: 'es' }),
  fact('debian-build-tools', '¿y si además quiero compilar paquetes desde el código fuente?', ['apt-get install r-base-dev'], 10, {
    language: 'es',
    after: 'debian-install',
  }),
  fact('load-package', '¿Cómo cargo un paquete que ya tengo instalado?', ['library(pkg)'], 28, { language: 'es' }),
  fact('unload-package', '¿y cómo lo quito de la sesión?', ['detach("package:pkg", unload = TRUE)'], 28, { language: 'es', after: 'load-package' }),
  fact('windows-paths', '¿Cómo escribo una ruta de Windows en R?', ['c:/data/money.dat'], 34, { language: 'es' }),
  summary('summary', 'What is this document about?', ['frequently asked questions', 'add-on packages', 'CRAN', 'Emacs', 'bug']),
];
