import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('lilypond-usage-es', 'es');

/**
 * LilyPond's user manual in Spanish ("Utilización del programa"): a program's manual of
 * command-line options, error messages and helper tools. Its text layer sets every accent apart
 * from its letter ("m ́usica"), as many PDFs made with TeX do, so the facts are words and
 * commands without accents; a reader that mends the accents still finds them.
 */
export const LILYPOND_USAGE_ES_QUESTIONS: EvalQuestion[] = [
  fact('png-output', '¿Cómo saco la partitura en PNG en vez de PDF?', ['-fpng'], 6),
  fact('png-resolution', '¿y cómo le cambio la resolución a la imagen?', ['-dresolution=N'], 8, { after: 'png-output' }),
  fact('update-old-file', 'How do I update an old .ly file to the current syntax?', ['convert-ly -e miarchivo.ly'], 23, { language: 'en' }),
  fact('update-folder', 'And every file in a folder at once?', ['convert-ly -e *.ly'], 23, { language: 'en', after: 'update-old-file' }),
  fact('default-loglevel', '¿Qué nivel de registro usa lilypond si no digo nada?', ['Este es el valor predeteminado'], 8),
  fact('only-errors', 'quiero que solo me muestre los errores', ['Equivale a -lERROR'], 8),
  fact('gc-yield', 'What is the default value of LILYPOND_GC_YIELD?', ['El valor predeterminado es 70'], 14, { language: 'en' }),
  fact('temp-dir', 'Where does LilyPond keep its temporary files by default?', ['EL predeterminado es /tmp'], 14, { language: 'en' }),
  fact('messages-language', '¿Cómo pongo en español los mensajes que saca lilypond?', ['LANG=es'], 14),
  fact('fatal-error', 'me sale un error fatal, ¿qué suele ser?', ['mal instaladas'], 18),
  fact('unbound-variable', "I get 'Unbound variable %' when I compile, what is wrong?", ['comienzan con punto y coma'], 20, { language: 'en' }),
  fact('glyph-name-error', '¿Por qué aparece el error FT_Get_Glyph_Name?', ['caracteres UTF-8'], 20),
  fact('point-and-click-off', 'How do I switch off point and click to make the PDF smaller?', ['\\pointAndClickOff', '-dno-point-and-click'], 49, {
    language: 'en',
  }),
  fact('vim', 'How do I set up Vim for LilyPond files?', ['set runtimepath+=/usr/local/share/lilypond/current/vim/'], 50, { language: 'en' }),
  fact('emacs', '¿Hay un modo para Emacs?', ['lilypond-mode'], 50),
  fact('emacs-install', '¿y cómo lo instalo?', ['make install'], 50, { after: 'emacs' }),
  fact('midi-import', '¿Puedo pasar un archivo MIDI a LilyPond?', ['midi2ly traduce un archivo MIDI de tipo 1'], 51),
  fact('musicxml', 'Can I import a MusicXML file?', ['musicxml2ly extrae las notas'], 52, { language: 'en' }),
  fact('musicxml-zip', 'what if the file is compressed?', ['-z, --compressed'], 54, { language: 'en', after: 'musicxml' }),
  fact('book-pdf', '¿Qué orden ejecuto para sacar el PDF de un documento .lytex?', ['lilypond-book --output=out --pdf lilybook.lytex'], 28),
  fact('markup-depth', 'default maximum markup depth', ['Predeterminado: 1024'], 11, { language: 'en' }),
  fact('version-in-files', '¿Qué debería poner siempre en mis archivos, aunque sean pequeños?', ['\\version en los archivos de entrada'], 57),
  summary('summary', '¿De qué trata este manual?', ['convert-ly', 'lilypond-book', 'Programas externos', 'Sugerencias', 'Ejecutar LilyPond']),
];
