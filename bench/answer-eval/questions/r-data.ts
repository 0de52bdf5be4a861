import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary } = questionsOf('r-data', 'en');

/**
 * R Data Import/Export: a manual, not a FAQ, so answers sit inside long sections. Its function
 * names are also in its index (pages 38–40), so each fact is a phrase of the body, not a bare
 * name a quoted index line would also contain.
 */
export const R_DATA_QUESTIONS: EvalQuestion[] = [
  fact('read-csv', 'How do I load a CSV exported from a spreadsheet?', ['functions read.csv and read.delim'], 14),
  fact('excel', 'How can I get my Excel data into R?', ['use read.delim or read.csv', 'tab-delimited or comma-separated'], 36),
  fact('basic-import', 'What is the basic function for reading a text file?', ['from a text file is scan', 'read from connections are scan'], 7),
  fact('fixed-width', 'my file has fixed-width columns with no separators, how do I read it', ['Function read.fwf provides'], 15),
  fact('encoding', 'How can I find out what encoding a text file has?', ['is the file command-line tool'], 8),
  fact('write-data-frame', 'How do I write a data frame out to a file?', ['functions write.table and write'], 9),
  fact('spss-stata', 'Can R read SPSS or SAS files?', ['recommended package foreign'], 19),
  fact('stata', 'how do I open a Stata .dta file', ['read.dta and write.dta'], 20),
  fact('rodbc-databases', 'Which databases has RODBC been tested with?', ['Microsoft SQL Server, Access, MySQL, PostgreSQL'], 25),
  fact('why-database', 'Why would I keep my data in a database instead of R?', ['not well suited to extremely large'], 21),
  fact('download', 'How do I fetch a data file from a website?', ['Function download.file is provided'], 35),
  fact('wide-to-long', 'How do I turn wide data, one column per measurement, into long format?', ['We can use stack', 'the function reshape'], 16),
  fact('dbf', 'What is a DBF file?', ['A dBase file contains a header'], 28),
  fact('binary', 'how to read raw binary data', ['Functions readBin and writeBin'], 33),
  // Mid-section: item 5 of a numbered list of read.table's issues.
  fact('missing-values', 'What does read.table treat as a missing value by default?', ['string NA to represent missing values'], 13),
  fact('images', 'Can I read an image file into R?', ['ImageMagick and its fork GraphicsMagick'], 29),
  // Asked in Spanish, and follow-ups asked in the same conversation right after the question they name.
  fact('semicolon-csv', 'And if my spreadsheet uses semicolons and a decimal comma?', ['read.csv2'], 14, { after: 'read-csv' }),
  fact('newer-stata', 'what about files from Stata 14?', ['For Stata versions 13 and later'], 20, { after: 'stata' }),
  fact('clipboard', '¿Puedo leer lo que he copiado de una hoja de cálculo desde el portapapeles?', ['read.DIF("clipboard")'], 15, { language: 'es' }),
  fact('octave', '¿Cómo leo un archivo de Octave?', ['function read.octave'], 20, { language: 'es' }),
  fact('too-large', '¿A partir de qué tamaño se queda R sin memoria?', ['more than a (few) hundred megabytes'], 21, { language: 'es' }),
  fact('xlsx', '¿Estos consejos sirven para archivos .xlsx?', ['not the later .xlsx format'], 36, { language: 'es' }),
  summary('summary', 'what does this manual cover?', ['import', 'export', 'spreadsheet', 'database', 'connection']),
];
