import { describe, expect, it } from 'vitest';
import type { Passage } from '../prompt-format.js';
import { offlineAnswer } from '#test/offline-answer.js';
import { sentencesOf } from './passage-sentences.js';

const FAQ: Passage[] = [
  {
    marker: 1,
    title: 'faq.pdf',
    heading: '2.1 What is R?',
    page: 3,
    text: 'R is a system for statistical computation and graphics. It consists of a language plus a run-time environment. See Section 3.3 for the differences between R and S. The design of R was influenced by S and Scheme.',
  },
  {
    marker: 2,
    title: 'faq.pdf',
    heading: '3.5 What is R-plus?',
    page: 23,
    text: 'Revolution Analytics released REvolution R, now available as Microsoft R. See also the list of commercial versions of R.',
  },
  {
    marker: 3,
    title: 'faq.pdf',
    heading: '7.10 How do I convert factors to numeric?',
    page: 34,
    text: 'It may happen that when reading numeric data into R, they come in as factors. If f is such a factor object, you can use as.numeric(as.character(f)) to get the numbers back. Do not call as.numeric() directly on a factor.',
  },
];

/** The passages one section of one document was cut into, numbered from 1, one page each from `firstPage`. */
const sectionPassages = (title: string, heading: string, firstPage: number, texts: readonly string[]): Passage[] =>
  texts.map((text, index) => ({ marker: index + 1, title, heading, page: firstPage + index, text }));

describe('the offline answer to a question', () => {
  it('defines what "what is X" asks about, from the section headed so, and leaves the mixed passages out', () => {
    const answer = offlineAnswer('What is R?', FAQ, 'en');
    expect(answer).toContain('R is a system for statistical computation and graphics. It consists of a language plus a run-time environment.');
    expect(answer).toMatch(/\[1\]$/);
    expect(answer).not.toContain('[2]');
  });

  it('answers what an acronym stands for, or what a glossary says a word means, from the passage that defines it', () => {
    const mirrors: Passage = {
      marker: 1,
      title: 'faq.pdf',
      heading: '5.1 Which add-on packages exist?',
      page: 46,
      text: 'CRAN packages for old versions of CRAN are kept on a CRAN archive server. Set the CRAN mirror in the repos option to use CRAN from behind a firewall. CRAN mirrors are updated daily.',
    };
    const archive: Passage = {
      marker: 2,
      title: 'faq.pdf',
      heading: '2.4 Where do I get R?',
      page: 13,
      text: 'Sources, binaries and documentation for R can be obtained via the Comprehensive R Archive Network, a collection of sites which carry identical material. It is usually called CRAN.',
    };
    const answer = offlineAnswer('What does CRAN stand for?', [mirrors, archive], 'en');
    expect(answer).toContain('Comprehensive R Archive Network');
    expect(answer).not.toContain('[1]');

    const control: Passage[] = [
      {
        marker: 1,
        title: 'guia.pdf',
        heading: '4.1 control',
        page: 27,
        text: 'El archivo control describe el paquete fuente y los binarios. La línea Depends del archivo control lista los paquetes imprescindibles, y la orden dh_gencontrol rellena sus variables al construir el paquete.',
      },
      {
        marker: 2,
        title: 'guia.pdf',
        heading: '4.2 Dependencias',
        page: 28,
        text: 'Suggests: paquetes que no son necesarios en absoluto, pero que el programa puede aprovechar. Recommends: paquetes que casi todos los usuarios instalarán con el tuyo.',
      },
    ];
    const spanish = offlineAnswer('¿Qué significa Suggests en el archivo control?', control, 'es');
    expect(spanish).toContain('Suggests: paquetes que no son necesarios en absoluto');
    expect(spanish.startsWith('Esto es lo que he encontrado:')).toBe(true);
  });

  it('quotes a second section beside the best when it matches at least half as well, each cited', () => {
    const shipping: Passage[] = [
      {
        marker: 1,
        title: 'terms.pdf',
        heading: '4 Delivery',
        page: 2,
        text: 'Orders placed before noon leave the warehouse the same day. Delivery to the mainland takes three working days.',
      },
      {
        marker: 2,
        title: 'terms.pdf',
        heading: '5 Islands',
        page: 3,
        text: 'Parcels to the islands travel by ferry and arrive two days later than on the mainland.',
      },
      { marker: 3, title: 'terms.pdf', heading: '9 Warranty', page: 6, text: 'Every frame carries a lifetime warranty against manufacturing defects.' },
    ];
    const answer = offlineAnswer('How many days does delivery to the islands take?', shipping, 'en');
    expect(answer).toContain('Delivery to the mainland takes three working days. [1]');
    expect(answer).toContain('arrive two days later than on the mainland. [2]');
    expect(answer).not.toContain('[3]');
  });

  it('quotes the best sentence with its neighbour as one contiguous excerpt, never a fragment', () => {
    const answer = offlineAnswer('How can I turn a factor into numbers?', FAQ, 'en');
    expect(answer).toContain(
      'If f is such a factor object, you can use as.numeric(as.character(f)) to get the numbers back. Do not call as.numeric() directly on a factor. [3]',
    );
    const excerpt = answer.split('\n\n')[1]!;
    expect(FAQ[2]!.text).toContain(excerpt.replace(/ \[3\]$/, ''));
  });

  it('quotes the opening of a section whose heading names the question, and the steps after a short best sentence', () => {
    const binary: Passage = {
      marker: 1,
      title: 'data.pdf',
      heading: '7.5 Binary data',
      page: 30,
      text: 'Functions readBin and writeBin read to and write from binary connections. A connection is opened in that mode by appending the letter b to the mode specification of the call. Argument what gives the mode of the vector to be returned, and n how many items are wanted. Argument size sets the number of bytes per item, which is one, two, four or eight. Argument endian swaps the order of the bytes when the platform differs. Argument signed allows binary data to be read as signed or unsigned integers, so binary data written by other programs can be read.',
    };
    const opening = offlineAnswer('How do I read binary data?', [binary], 'en');
    expect(opening).toContain('Functions readBin and writeBin read to and write from binary connections.');

    const smart: Passage = {
      marker: 1,
      title: 'referencia.pdf',
      heading: '9.6.11 Discos',
      page: 200,
      text: 'Antes de empezar, lea la documentación del fabricante. Puede vigilar el disco duro con el demonio smartd. 1. Active la función en la BIOS. 2. Instale el paquete smartmontools. 3. Identifique los discos con df.',
    };
    expect(offlineAnswer('¿Cómo vigilo el disco duro?', [smart], 'es')).toContain('2. Instale el paquete smartmontools.');
  });

  it('quotes what follows a label too short to quote, when the label names what the question asks', () => {
    const links: Passage = {
      marker: 1,
      title: 'referencia.pdf',
      heading: '1.2.7 Enlaces',
      page: 41,
      text: [
        'Existen dos maneras de dar otro nombre a un archivo:',
        'enlace duro, • comparte el mismo inodo que el original; • «ln foo bar»',
        'enlace simbólico o «symlink».',
        '• es un archivo especial que apunta al nombre de otro archivo; • «ln -s foo bar».',
        'Los enlaces duros deben estar en el mismo sistema de archivos, porque comparten el inodo con el archivo original.',
        'Los enlaces simbólicos muestran siempre los permisos «rwxrwxrwx», aunque valen los permisos del archivo al que apuntan.',
        'En general es preferible no crear enlaces simbólicos ni enlaces duros salvo que haya una buena razón para ello.',
        'Los enlaces simbólicos pueden causar problemas graves al crear bucles en el sistema de archivos.',
        'Si hace falta uno, es preferible un enlace simbólico a un enlace duro, porque deja ver a qué archivo apunta.',
      ].join('\n'),
    };
    const answer = offlineAnswer('¿Cómo creo un enlace simbólico?', [links], 'es');
    expect(answer).toContain('enlace simbólico o «symlink». • es un archivo especial que apunta al nombre de otro archivo; • «ln -s foo bar».');
  });

  it("prefers a section's opening statement to later details that repeat the question's words", () => {
    const admin: Passage = {
      marker: 1,
      title: 'handbook.pdf',
      heading: '4.2 The administrator account',
      page: 12,
      text: [
        'The administrator account is also known as the superuser account.',
        'With it you can carry out these tasks:',
        'read, change and delete any file regardless of its permissions',
        'change the owner and permissions of any file',
        'reset the password of any other user',
        'Unlimited power calls for care: use the superuser account only for the task at hand.',
        'Never share the superuser password with anyone, not even with a colleague who asks for it to fix a superuser problem.',
        'Where a device is unreadable to ordinary users, the superuser account shows quickly whether permissions are the cause, but the lasting fix is to set the permissions right.',
      ].join('\n'),
    };
    const answer = offlineAnswer('What can the superuser do?', [admin], 'en');
    expect(answer.split('\n\n')[1]).toMatch(
      /^The administrator account is also known as the superuser account\. With it you can carry out these tasks: read, change and delete any file/,
    );
  });

  it('reads on past two sentences that only restate the question, to the one that answers it', () => {
    const images: Passage = {
      marker: 1,
      title: 'data.pdf',
      heading: '6 Image files',
      page: 27,
      text: [
        'Image files are binary files of their own kind, and a common request is to read such a file into a program as a matrix of numbers.',
        'There are many formats for image files, most with lots of variants, and it may be necessary to convert an image file into a format a reader exists for.',
        'A versatile converter for that is ImageMagick, whose convert command turns one format into another.',
        'Package pixmap reads portable anymap images, and packages named after the png and jpeg formats read those.',
        'Raster files of the geographical sciences are read through an interface to the GDAL library.',
      ].join('\n'),
    };
    expect(offlineAnswer('Can I read an image file?', [images], 'en')).toContain('A versatile converter for that is ImageMagick');
  });

  it('reads a section cut into several passages as one, and cites the passages it quotes', () => {
    const [first, second] = sectionPassages('guia.pdf', '1.1 Roles en el proyecto', 3, [
      'Aún puedes publicar tu paquete a través de un patrocinador si es útil a otras personas. No hace falta ser miembro del proyecto para empezar. Se usan distintos nombres para los roles del proyecto:',
      'autor original: la persona que escribió el programa. patrocinador («sponsor»): la persona que revisa el paquete y lo sube al archivo del proyecto en nombre de quien lo preparó. mentor: la persona que ayuda a quien empieza.',
    ]) as [Passage, Passage];
    const other: Passage = {
      marker: 3,
      title: 'guia.pdf',
      heading: '2.1 Elige el programa',
      page: 9,
      text: 'Elige un programa que conozcas bien antes de empaquetarlo.',
    };
    const answer = offlineAnswer('¿Qué hace un patrocinador?', [first, other, second], 'es');
    expect(answer).toContain('patrocinador («sponsor»): la persona que revisa el paquete y lo sube al archivo del proyecto');
    expect(answer).toMatch(/\[2\]$/);
    expect(answer).not.toContain('[3]');

    // An excerpt that runs from one passage into the next cites both.
    const steps = offlineAnswer('¿Qué roles hay en el proyecto?', [first, second], 'es');
    expect(steps).toContain('Se usan distintos nombres para los roles del proyecto: autor original: la persona que escribió el programa.');
    expect(steps).toMatch(/\[1\] \[2\]$/);
  });

  it('quotes once the sentences that two passages of a section share where indexing cut it', () => {
    // Indexing opens a passage with the closing sentences of the one before it.
    const passages = sectionPassages('guide.pdf', '6.1 Full rebuild', 48, [
      'Run dpkg-buildpackage -us -uc in the source tree to build the whole package.\nIt cleans the tree, builds the source package and then the binary package.',
      'It cleans the tree, builds the source package and then the binary package. The binary package ends up in the parent directory as a .deb file.',
    ]);
    const answer = offlineAnswer('How do I build the whole package?', passages, 'en');
    expect(answer.match(/It cleans the tree/g)).toHaveLength(1);
    expect(answer).toContain('then the binary package. The binary package ends up in the parent directory');
  });

  it('answers a summary request with the outline of the sections, each with its opening sentence', () => {
    const answer = offlineAnswer('Summarise the document', FAQ, 'en');
    expect(answer.split('\n')[0]).toBe('faq.pdf covers these sections:');
    expect(answer).toContain('- **2.1 What is R?**: R is a system for statistical computation and graphics. [1]');
    expect(answer).toContain('- **7.10 How do I convert factors to numeric?**');
    expect(offlineAnswer('¿De qué trata el documento?', FAQ, 'es').split('\n')[0]).toBe('faq.pdf trata estos apartados:');
  });

  it('names each source above its own sections when the outline spans several, a website as one', () => {
    const site = 'https://help.example';
    const passages: Passage[] = [
      { marker: 1, title: 'Help centre', heading: 'Help centre', document: 1, url: `${site}/`, text: 'Answers to common questions about the app.' },
      {
        marker: 2,
        title: 'Change the language',
        heading: 'Change the language',
        document: 2,
        url: `${site}/language`,
        text: 'The app speaks three languages.',
      },
      { marker: 3, title: 'precios.docx', heading: 'Precios', document: 3, kind: 'table', text: '| Producto | Precio |\n| - | - |\n| Croissant | 1,80 € |' },
    ];
    expect(offlineAnswer('Summarise this', passages, 'en').split('\n')).toEqual([
      'Here is what your documents cover:',
      '',
      '**help.example**',
      '- **Help centre**: Answers to common questions about the app. [1]',
      '- **Change the language**: The app speaks three languages. [2]',
      '',
      '**precios.docx**',
      // A table opens with its cells, not a sentence: its heading says what it holds.
      '- **Precios** [3]',
    ]);
  });

  it('outlines a document without headings by its passages’ opening sentences, each once, and leaves the welcome message out', () => {
    const passages: Passage[] = [
      { marker: 1, title: 'terms.txt', document: 1, text: 'These terms govern the rental of bicycles. They apply from the day you sign.' },
      { marker: 2, title: 'terms.txt', document: 1, text: 'These terms govern the rental of bicycles. A deposit of 50 euros is held.' },
      { marker: 3, title: 'terms.txt', document: 1, text: 'A damaged bicycle is repaired at the renter’s cost. The shop chooses the repairer.' },
      { marker: 4, title: 'Welcome message', text: 'Hi! Ask me about renting a bicycle.' },
    ];
    const answer = offlineAnswer('Summarise the document', passages, 'en');
    expect(answer.split('\n')).toEqual([
      'terms.txt covers these sections:',
      '- These terms govern the rental of bicycles. [1]',
      '- A damaged bicycle is repaired at the renter’s cost. [3]',
    ]);
  });

  it('keeps retrieval’s order when its stemming found passages that share no word as this ranking folds them', () => {
    // "encrypted" and "encrypts" fold apart here; retrieval's stemmer joins them, so the passages it hands over do match.
    const passages: Passage[] = [
      { marker: 1, title: 'notes-app.pdf', document: 1, heading: 'Security', text: 'The app encrypts every note with AES-256 before it is saved.' },
      { marker: 2, title: 'notes-app.pdf', document: 1, heading: 'Sync', text: 'Sync encrypts the changes again for the journey.' },
      { marker: 3, title: 'Welcome message', text: 'Hi! Ask me about the notes app.' },
    ];
    const framed = offlineAnswer('Is it encrypted?', passages, 'en');
    expect(framed.split('\n\n')).toEqual(['This is what I found:', 'The app encrypts every note with AES-256 before it is saved. [1]']);
    const hedged = offlineAnswer('Is it encrypted?', passages, 'en', { weakMatch: true });
    expect(hedged.split('\n\n')).toEqual([
      "The documents don't seem to answer this directly. These passages may help:",
      'The app encrypts every note with AES-256 before it is saved. [1]',
      'Sync encrypts the changes again for the journey. [2]',
    ]);
    expect(offlineAnswer('Is it encrypted?', passages.slice(2), 'en')).toMatch(/^I'm sorry, I don't have information about that yet/);
  });

  it('quotes a code block as a Markdown code block with its lines, and cites below it', () => {
    const passages: Passage[] = [
      {
        marker: 1,
        title: 'manual.pdf',
        heading: '3.2 Installing the server',
        page: 8,
        text: 'To install the server on Debian, run the following commands as root:\n\n```\n# apt-get update\n# apt-get install sparks-server\n```',
      },
    ];
    const answer = offlineAnswer('How do I install the server on Debian?', passages, 'en');
    expect(answer).toContain('run the following commands as root:\n\n```\n# apt-get update\n# apt-get install sparks-server\n```\n\n[1]');
  });

  it('keeps a listing that completes the sentence before it whole, though it is longer than a prose excerpt', () => {
    const listing = Array.from({ length: 50 }, (_, index) => `option_${index} = value_${index}`).join('\n');
    const passages: Passage[] = [
      {
        marker: 1,
        title: 'manual.pdf',
        heading: 'Configuration file',
        page: 4,
        text: `A complete configuration file for the server looks like\n\n\`\`\`\n${listing}\n\`\`\``,
      },
    ];
    const answer = offlineAnswer('What does a complete configuration file for the server look like?', passages, 'en');
    expect(answer).toContain(`\`\`\`\n${listing}\n\`\`\``);
  });

  it("quotes what the excerpt's last sentence announces, though the excerpt is already long", () => {
    const passages = sectionPassages('guia.pdf', '6.1 Reconstrucción completa', 40, [
      [
        'Para reconstruir por completo un paquete, debes asegurarte de que tienes instalados el paquete build-essential, los paquetes listados en el campo Build-Depends del archivo de control y los paquetes listados en el campo Build-Depends-Indep.',
        'La reconstrucción se hace siempre sobre una copia limpia de las fuentes, sin restos de compilaciones anteriores en el directorio de trabajo ni archivos generados a mano.',
        'Después ejecuta la siguiente orden en el directorio raíz del código fuente para reconstruir el paquete:',
        'dpkg-buildpackage -us -uc',
        'Esto lo hará todo por ti: limpiará el árbol de las fuentes y construirá los paquetes fuente y binarios.',
      ].join('\n'),
    ]);
    const answer = offlineAnswer('¿Con qué orden reconstruyo el paquete completo?', passages, 'es');
    expect(answer).toContain('en el directorio raíz del código fuente para reconstruir el paquete: dpkg-buildpackage -us -uc');
  });

  it('leaves cross-references and broken addresses out of the quote, in English and in Spanish', () => {
    const english: Passage[] = [
      {
        marker: 1,
        title: 'faq.pdf',
        heading: '2.3 What is S?',
        page: 5,
        text: 'S is a very high level language for data analysis (see Section 3.1 [What is S-PLUS?], page 12). See Section 4.2. It is described at http:// community.example/s in detail.',
      },
    ];
    expect(offlineAnswer('What is S?', english, 'en')).toContain(
      'S is a very high level language for data analysis. It is described at http://community.example/s in detail. [1]',
    );
    const spanish: Passage[] = [
      {
        marker: 1,
        title: 'guia.pdf',
        heading: 'Consolas virtuales',
        page: 31,
        text: 'Puede cambiar de consola virtual con Ctrl-Alt-F2 (véase la sección 2.3, página 14).',
      },
    ];
    expect(offlineAnswer('¿Cómo cambio de consola virtual?', spanish, 'es')).toContain('Puede cambiar de consola virtual con Ctrl-Alt-F2. [1]');
  });

  it('frames no passage as the answer when the match is loose: it says so and offers the closest sections, cited, in both languages', () => {
    const english = offlineAnswer('How do I convert R graphics to a vector format?', FAQ, 'en', { weakMatch: true });
    expect(english.split('\n')[0]).toBe("The documents don't seem to answer this directly. These passages may help:");
    expect(english).not.toContain('This is what I found');
    expect(english).toContain('[1]');
    expect(english).toContain('[3]');
    const spanish = offlineAnswer('¿Cómo convierto gráficos de R?', FAQ, 'es', { weakMatch: true });
    expect(spanish.split('\n')[0]).toBe('Los documentos no parecen responder a esto directamente. Estos fragmentos pueden ayudar:');
  });

  it('quotes by the other wordings the question was searched in, such as its translation', () => {
    const answer = offlineAnswer('¿Cómo convierto factores en números?', FAQ, 'es', { wordings: ['How do I convert factors to numbers?'] });
    expect(answer).toContain('as.numeric(as.character(f))');
  });

  it('quotes, in a follow-up, the sentence with what the visitor asks now, not the one with the subject carried from before', () => {
    const passages = sectionPassages('manual-termostato.pdf', '3. Uso diario', 12, [
      [
        'El termostato mide la temperatura de la habitación cada minuto y enciende la calefacción solo cuando hace falta, sin saltos bruscos.',
        'En la pantalla se ven la temperatura actual, la deseada y el modo elegido; los botones laterales suben o bajan medio grado cada vez.',
        'La aplicación Brisa muestra la temperatura de cada habitación de la casa, la humedad y el consumo de gas del día y del mes.',
        'Con la aplicación Brisa programas horarios distintos para los días laborables y los fines de semana, y una temperatura más baja por la noche.',
        'Si una ventana abierta enfría la habitación, el termostato lo nota en pocos minutos y detiene la calefacción hasta que se cierra.',
        'Las pilas duran un año; cuando quedan pocas, la pantalla muestra un aviso y conviene cambiarlas antes de que el equipo se apague.',
        'En modo vacaciones se mantiene una temperatura mínima para proteger las tuberías de las heladas mientras la casa está vacía.',
        'Para la instalación, descarga el programa de la tienda de tu teléfono y escanea el código QR de la parte trasera del termostato.',
      ].join(' '),
    ]);
    // A follow-up is searched with the question before it (decision 0025): the subject names two sentences, the new word one far from them.
    const answer = offlineAnswer('¿Y la instalación?', passages, 'es', { wordings: ['¿Qué hace la aplicación Brisa? ¿Y la instalación?'] });
    expect(answer).toContain('escanea el código QR de la parte trasera del termostato');
  });

  it('quotes the sentence before the best one too, where the fact often is, but never a copyright notice', () => {
    const manual = (before: string): Passage[] =>
      sectionPassages('water-heater.pdf', '3.2 Everyday use', 9, [
        [
          'Fill the tank before switching the appliance on for the first time.',
          before,
          'This temperature keeps the heater free of bacteria while saving energy.',
          'The display shows how full the tank is and the time of day.',
          'A green light means the water is ready; an amber light means the tank is still warming up.',
          'Press both buttons together for five seconds to lock the controls, so children cannot change them.',
          'Holiday mode keeps the water just above freezing while nobody is at home.',
        ].join(' '),
      ]);
    // The fact shares no word with the question: only its place, just before the sentence that names the question's words, brings it.
    const answer = offlineAnswer('What temperature should I set the heater to?', manual('Turn the dial to 55 °C for everyday use.'), 'en');
    expect(answer).toContain('Turn the dial to 55 °C for everyday use. This temperature keeps the heater free of bacteria');

    const footer = offlineAnswer('What temperature should I set the heater to?', manual('Copyright © 2024 Acme Appliances, all rights reserved.'), 'en');
    expect(footer.split('\n\n')[1]).toMatch(/^This temperature keeps the heater free of bacteria/);
  });

  it('quotes a second, shorter window of the passage after an ellipsis when a sentence away from the excerpt matches at least half as well', () => {
    const middle = [
      'The display shows how full the tank is and the time of day.',
      'A green light means the water is ready; an amber light means the tank is still warming up.',
      'Press both buttons together for five seconds to lock the controls, so children cannot change them.',
      'Holiday mode keeps the water just above freezing while nobody is at home.',
      'The anode rod protects the inner wall of the tank and is checked by a technician every two years.',
      'Wipe the casing with a damp cloth; solvents dull its finish.',
      'Keep the space around the appliance free, so that air reaches its vents.',
    ];
    const procedure = 'To descale the water heater, close the cold water inlet and pour the descaler into the drain valve. Wait an hour, then flush the tank.';
    const manual = (opening: string): Passage[] => sectionPassages('water-heater.pdf', '5 Care', 14, [[opening, ...middle, procedure].join(' ')]);
    const question = 'How often should I descale the water heater?';

    // How often is said in the section's opening, how in its last sentences: both are quoted, in the document's order.
    const excerpt = offlineAnswer(question, manual('Descale the heater once a year where the water is hard.'), 'en').split('\n\n')[1]!;
    expect(excerpt).toMatch(/^Descale the heater once a year where the water is hard\. .+ … .*To descale the water heater, close the cold water inlet/);
    // The sentences between the two windows are left out, as the ellipsis says.
    expect(excerpt).not.toContain('Keep the space around the appliance');

    // An opening that only touches the question is no second window: the excerpt stands alone.
    const alone = offlineAnswer(question, manual('Hard water leaves scale in any appliance.'), 'en').split('\n\n')[1]!;
    expect(alone).toContain('To descale the water heater, close the cold water inlet');
    expect(alone).not.toContain('…');
    expect(alone).not.toContain('Hard water leaves scale');
  });

  it('quotes a command far below the excerpt with the sentence that announces it, each fence on a line of its own', () => {
    const guide = (announcing: string): Passage[] =>
      sectionPassages('backup-guide.md', '4 Restoring a backup', 30, [
        [
          'To restore a backup, stop the service before anything else.',
          'The archive holds the database, the uploaded files and the settings.',
          'Restoring overwrites what the service holds now, so copy it first if you may need it.',
          'A restore of a large archive can take several minutes on a slow disk.',
          'Keep at least two archives, each on a different machine.',
          'Archives older than a year can be deleted once a newer one has been tested.',
          'The settings file names where archives are written and how many are kept.',
          announcing,
          '```\nsparks-admin restore backup --from /var/backups/latest.tar\n```',
        ].join('\n'),
      ]);
    const excerptFor = (announcing: string) => offlineAnswer('How do I restore a backup?', guide(announcing), 'en').split('\n\n').slice(1).join('\n\n');
    const fencesOpenTheirLines = (excerpt: string) =>
      excerpt
        .split('\n')
        .filter((line) => line.includes('```'))
        .every((line) => line.trim().startsWith('```'));

    // The command, far below the excerpt, comes with the sentence that announces it.
    const announced = excerptFor('Some sites script the last step; on the server, as root:');
    expect(announced).toContain('… Some sites script the last step; on the server, as root:');
    expect(announced).toContain('sparks-admin restore backup --from /var/backups/latest.tar');
    expect(fencesOpenTheirLines(announced)).toBe(true);

    // A command no sentence announces follows the ellipsis on a line of its own: a fence after text on its line opens no code block.
    const bare = excerptFor('Some sites script the last step on the server, as root.');
    expect(bare).toContain('…\n\n```\nsparks-admin restore backup --from /var/backups/latest.tar\n```');
    expect(fencesOpenTheirLines(bare)).toBe(true);
  });

  it("never quotes a copyright notice, even one that shares the question's words", () => {
    const passages = sectionPassages('water-heater.pdf', 'Water heater manual', 1, [
      [
        'Copyright © 2024 Acme Appliances, who allow copies of this water heater manual to be made for personal use.',
        'Keep this manual near the water heater so anyone can read it.',
        'The water heater needs a dedicated 16 A circuit and a drain within two metres.',
      ].join(' '),
    ]);
    const answer = offlineAnswer('Can I make copies of the water heater manual?', passages, 'en');
    expect(answer).toContain('Keep this manual near the water heater');
    expect(answer).not.toMatch(/copyright|©/i);
  });

  it('says plainly when no passage shares a word with the question', () => {
    expect(offlineAnswer('Quantum chromodynamics?', FAQ, 'en')).toContain("I don't have information about that yet");
  });
});

describe('sentences of a passage', () => {
  it('keep abbreviations and short labels with the sentence they belong to', () => {
    expect(sentencesOf('Note: see below. R is free software, e.g. under the GPL. It runs on Linux, Windows and macOS.')).toEqual([
      'Note: see below. R is free software, e.g. under the GPL.',
      'It runs on Linux, Windows and macOS.',
    ]);
  });

  it('keep a code block whole, fence and lines as written, and close one left open', () => {
    expect(sentencesOf('Use it like this. Type:\n\n```\nx <- 1\n\ny <- 2\n```\n\nThen x is one. It works.\n````\nopen')).toEqual([
      'Use it like this. Type:',
      '```\nx <- 1\n\ny <- 2\n```',
      'Then x is one. It works.',
      '````\nopen\n````',
    ]);
  });
});

describe('answers from structure', () => {
  const hours = (marker: number, rows: Array<[string, string]>): Passage => ({
    marker,
    title: 'horario.docx',
    heading: 'Horario de la tienda',
    document: 1,
    kind: 'table',
    fields: rows.flatMap(([day, time], index) => [
      { name: 'Día', value: day, row: index + 1 },
      { name: 'Horas', value: time, row: index + 1 },
    ]),
    text: rows.map(([day, time]) => `Día: ${day} · Horas: ${time}`).join('\n'),
  });

  it('answers a table question with the matching row under its headers, not a line of pipes', () => {
    const table = hours(1, [
      ['Lunes', 'cerrado'],
      ['Sábado', '8:00 – 14:00'],
      ['Domingo', '8:30 – 13:00'],
    ]);
    const answer = offlineAnswer('¿A qué hora abrís el domingo?', [table], 'es');
    expect(answer).toContain('**Horario de la tienda**\n\n| Día | Horas |\n| - | - |\n| Domingo | 8:30 – 13:00 |');
    expect(answer).not.toContain('Lunes');
    expect(answer).toMatch(/\|\n\n\[1\]$/);
  });

  it('answers a question about the whole table with all of a short table, even under a line that introduces it', () => {
    const intro: Passage = { marker: 1, title: 'hours.html', heading: 'Opening hours', document: 1, text: 'Our opening hours for the shop on Baker Street:' };
    const week: Passage = {
      ...hours(2, [
        ['Monday', '7:00 – 18:00'],
        ['Saturday', '8:00 – 14:00'],
        ['Sunday', 'closed'],
      ]),
      title: 'hours.html',
      heading: 'Opening hours',
    };
    const answer = offlineAnswer('What are your opening hours?', [intro, week], 'en');
    expect(answer).toContain('**Opening hours**\n\n| Día | Horas |\n| - | - |\n| Monday | 7:00 – 18:00 |\n| Saturday | 8:00 – 14:00 |\n| Sunday | closed |');
    expect(answer).not.toContain('Día: Monday ·');

    // A header every row shares names no row: the short table comes whole, in its order.
    const english: Passage = {
      ...week,
      fields: (week.fields ?? []).map((field) => ({ ...field, name: field.name === 'Día' ? 'Day' : 'Hours' })),
    };
    expect(offlineAnswer('What are your opening hours?', [intro, english], 'en')).toContain(
      '| Day | Hours |\n| - | - |\n| Monday | 7:00 – 18:00 |\n| Saturday | 8:00 – 14:00 |\n| Sunday | closed |',
    );
  });

  it('finds the row a question names by a symbol or a cell typed as it is, which no word search finds', () => {
    const keys: Passage = {
      marker: 1,
      title: 'keys.docx',
      heading: 'Moving around',
      document: 1,
      kind: 'table',
      fields: [
        ['j or <Down>', 'move to the next entry'],
        ['q', 'leave the menu'],
        ['= or <Home>', 'jump to the first entry'],
        ['* or <End>', 'jump to the last entry'],
        ['z', 'go to the next page'],
        ['Z', 'go to the previous page'],
        ['?', 'list the keys'],
        ['/', 'search'],
        ['n', 'search again'],
      ].flatMap(([key, action], index) => [
        { name: 'Key', value: key!, row: index + 1 },
        { name: 'Action', value: action!, row: index + 1 },
      ]),
      text: 'the keys',
    };
    const equals = offlineAnswer('What does the = key do in a menu?', [keys], 'en');
    expect(equals).toContain('| = or <Home> | jump to the first entry |');
    expect(equals).not.toContain('leave the menu');
    expect(offlineAnswer('And Z?', [keys], 'en')).toContain('| Z | go to the previous page |');
  });

  it('answers a catalogue question with the record’s fields it asks about, every element of its lists kept', () => {
    const shirt: Passage = {
      marker: 1,
      title: 'catalogue.json',
      heading: 'Linen shirt',
      document: 1,
      kind: 'record',
      fields: [
        { name: 'name', value: 'Linen shirt' },
        { name: 'description', value: 'A light shirt for warm days, woven in Portugal.' },
        { name: 'care', value: 'Wash cold, hang to dry.' },
        { name: 'variants[1].size', value: 'S' },
        { name: 'variants[2].size', value: 'M' },
        { name: 'variants[3].size', value: 'L' },
      ],
      text: 'name: Linen shirt\ndescription: A light shirt for warm days, woven in Portugal.\ncare: Wash cold, hang to dry.\nvariants[1].size: S\nvariants[2].size: M\nvariants[3].size: L',
    };
    const answer = offlineAnswer('Do you have the linen shirt in L?', [shirt], 'en');
    expect(answer).toContain('**Linen shirt**\n\n- name: Linen shirt\n- description: A light shirt');
    // The list of variants as a table under its name, one row per variant, not a line per field.
    expect(answer).toContain('- care: Wash cold, hang to dry.\n\nvariants:\n\n| size |\n| - |\n| S |\n| M |\n| L |');
    expect(answer).not.toContain('variants[');

    // A long record keeps the fields the question names, whatever their place.
    const long: Passage = {
      ...shirt,
      fields: [
        ...shirt.fields!.slice(0, 3),
        ...Array.from({ length: 40 }, (_, index) => ({ name: `notes[${index + 1}]`, value: `A note on the weave, number ${index + 1}.` })),
        ...shirt.fields!.slice(3),
      ],
    };
    // A list of one element is no table: its fields read as lines under the list's name.
    const single: Passage = {
      ...shirt,
      fields: [...shirt.fields!.slice(0, 3), { name: 'variants[1].size', value: 'L' }, { name: 'variants[1].colour', value: 'navy' }],
    };
    expect(offlineAnswer('Do you have the linen shirt in L?', [single], 'en')).toContain('variants:\n\n- size: L\n- colour: navy');

    // Many variants of several fields: each kept or left out whole, the one asked about first, the quote within bounds.
    const many: Passage = {
      ...shirt,
      fields: [
        ...shirt.fields!.slice(0, 1),
        ...Array.from({ length: 40 }, (_, index) => [
          { name: `variants[${index + 1}].size`, value: index === 30 ? 'L' : `${index + 30}` },
          { name: `variants[${index + 1}].colour`, value: index === 30 ? 'navy' : 'sand' },
          { name: `variants[${index + 1}].care`, value: 'Wash cold, hang to dry, iron on the reverse while still damp. '.repeat(2) },
        ]).flat(),
      ],
    };
    const manyAnswer = offlineAnswer('Do you have the linen shirt in L?', [many], 'en');
    expect(manyAnswer).toMatch(/\| L \| navy \| Wash cold/);
    expect(manyAnswer.length).toBeLessThan(1_500);
    expect(manyAnswer).not.toMatch(/\| \d+ \| sand \|\s*\|/);

    // Two records of one name in a section keep their own rows; a list of lists is no column.
    const other: Passage = {
      ...shirt,
      marker: 2,
      fields: [
        { name: 'name', value: 'Linen shirt' },
        { name: 'variants[1].size', value: 'XL' },
        { name: 'variants[2].size', value: 'XXL' },
        { name: 'variants[1].codes[2]', value: 'A-7' },
      ],
    };
    const both = offlineAnswer('Do you have the linen shirt in L?', [shirt, other], 'en');
    expect(both).toContain('| S |\n| M |\n| L |');
    expect(both).toContain('| XL |\n| XXL |');
    expect(both).toContain('- variants[1].codes[2]: A-7');

    const kept = offlineAnswer('Do you have the linen shirt in L?', [long], 'en');
    expect(kept).toMatch(/variants:\n\n\| size \|\n\| - \|\n(?:\| [SM] \|\n)*\| L \|/);
    expect(kept).not.toContain('notes[40]');
  });
});
