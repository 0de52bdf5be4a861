import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary, unanswerable } = questionsOf('postgresql-datetime', 'en');

/**
 * PostgreSQL 15's "Date/Time Types" page as a Word document: ten tables (types with their sizes
 * and ranges, accepted input, special values, output styles, interval units and styles) between
 * paragraphs and code listings, and the web page's navigation kept as a table at each end. Most
 * answers are one cell of a row; the Spanish questions ask for what reads the same in both
 * languages: sizes, values, examples and names.
 */
export const POSTGRESQL_DATETIME_QUESTIONS: EvalQuestion[] = [
  summary('summary', "What's this document about?", ['timestamp', 'interval', 'time zone', 'DateStyle', 'ISO 8601']),
  summary('summary-es', 'Resúmeme este documento.', ['timestamp', 'interval', 'ISO 8601', 'UTC', 'PostgreSQL'], { language: 'es' }),
  fact('date-storage', '¿Cuántos bytes ocupa una columna date?', ['4 bytes'], 1, { language: 'es' }),
  fact('date-max', "What's the latest date I can store?", ['5874897 AD'], 1),
  fact('timestamp-max', 'and with a timestamp?', ['294276 AD'], 1, { after: 'date-max' }),
  fact('timetz-size', '¿Cuánto ocupa un time with time zone?', ['12 bytes'], 1, { language: 'es' }),
  fact('interval-range', 'How large can an interval get?', ['178000000 years'], 1),
  fact('precision-range', 'What precision can I give a timestamp?', ['0 to 6'], 1),
  fact('timestamptz', 'Is there a shorter name for timestamp with time zone?', ['timestamptz'], 1),
  fact('epoch', "What does the input 'epoch' stand for?", ['1970-01-01 00:00:00+00'], 1),
  fact('allballs', '¿Qué valor da la entrada allballs?', ['00:00:00.00 UTC'], 1, { language: 'es' }),
  fact('tomorrow-view', "Can I use 'tomorrow' inside a view?", ['CURRENT_DATE + 1'], 1),
  fact('german-style', '¿Cómo se ve una fecha con el estilo German?', ['17.12.1997 07:37:16.00 PST'], 1, { language: 'es' }),
  fact('postgres-style', '¿y con el estilo Postgres?', ['Wed Dec 17 07:37:16 1997 PST'], 1, { language: 'es', after: 'german-style' }),
  fact('set-datestyle', '¿Cómo cambio el estilo de las fechas?', ['SET datestyle', 'PGDATESTYLE'], 1, { language: 'es' }),
  fact('pst-basic', '¿Cómo escribo el desfase de PST en formato ISO 8601 básico con horas y minutos?', ['-800'], 1, { language: 'es' }),
  fact('timezone-db', '¿De qué base de datos saca PostgreSQL las reglas de las zonas horarias?', ['IANA'], 1, { language: 'es' }),
  fact('abbrevs-view', 'Where can I see which time zone abbreviations are recognised?', ['pg_timezone_abbrevs'], 1),
  fact('names-view', 'and the full zone names?', ['pg_timezone_names'], 1, { after: 'abbrevs-view' }),
  fact('msk', '¿MSK ha significado siempre el mismo desfase horario?', ['UTC+3', 'UTC+4'], 1, { language: 'es' }),
  fact('pgtz', 'Which environment variable makes libpq set the time zone on connect?', ['PGTZ'], 1),
  fact('interval-storage', 'How is an interval stored internally?', ['months, days, and microseconds'], 1),
  fact('iso-interval', '¿Cómo escribo 1 año, 2 meses, 3 días, 4 h 5 min 6 s en ISO 8601?', ['P1Y2M3DT4H5M6S'], 1, { language: 'es' }),
  fact('sql-standard-mixed', '¿Cómo muestra el estilo sql_standard un intervalo mixto?', ['-1-2 +3 -4:05:06'], 1, { language: 'es' }),
  unanswerable('leap-seconds', 'Does PostgreSQL handle leap seconds?'),
  unanswerable('days-between', 'How do I get the number of days between two dates?'),
  unanswerable('index-speed', 'Is an index on a date column faster than one on a timestamp?'),
  unanswerable('week-start', 'Does the week start on Monday or on Sunday?'),
  unanswerable('india-abbreviation', 'Which abbreviation do I use for India Standard Time?'),
  unanswerable('date-series', 'How do I generate a list of every date in a month?'),
  unanswerable('extract-year', '¿Cómo saco el año de un timestamp?', { language: 'es' }),
  unanswerable('money-size', '¿Cuánto ocupa una columna de tipo money?', { language: 'es' }),
  unanswerable('default-timezone', '¿Qué zona horaria usa el servidor recién instalado?', { language: 'es' }),
  unanswerable('interval-added', '¿En qué versión de PostgreSQL apareció el tipo interval?', { language: 'es' }),
  unanswerable('truncate-hour', '¿Cómo redondeo un timestamp a la hora en punto?', { language: 'es' }),
];
