import type { PassageField } from '@sparks/contract';
import { markdownTable } from 'markdown-table';
import { contentWords } from '../../lib/content-words.js';
import { inverseDocumentFrequency } from '../../lib/inverse-document-frequency.js';
import type { Passage } from '../prompt-format.js';
import type { PassageSection } from './passage-sections.js';
import { rankTexts } from './passage-ranker.js';

/** Rows quoted at most: the ones that answer, not the table. */
const MAX_ROWS = 4;
/** A row is quoted beside the best when it matches at least this share as well (two days asked at once). */
const ROW_SHARE = 0.6;
/** A record is quoted up to this many characters of its fields, those the question names first. */
const RECORD_CHARS = 900;
/** A table this short is quoted whole, in its order, when the question asks for all of it ("what are your hours?"). */
const WHOLE_TABLE_ROWS = 8;
/** The section's prose is quoted instead of its structure only when the structure matches less than this share as well. */
const PROSE_SHARE = 0.5;

/** What a structured passage answers with: the text, and the passages it quotes. */
export interface StructuredQuote {
  text: string;
  markers: number[];
}

const cell = (value: string) => value.replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');
const fieldsText = (fields: readonly PassageField[]) => fields.map((field) => `${field.name} ${field.value}`).join(' ');

interface Row {
  marker: number;
  fields: PassageField[];
}

/** The rows of a section's table passages, each with the passage it comes from. */
function rowsOf(passages: readonly Passage[]): Row[] {
  return passages.flatMap((passage) => {
    const rows = new Map<number, PassageField[]>();
    for (const field of passage.fields ?? []) rows.set(field.row ?? 0, [...(rows.get(field.row ?? 0) ?? []), field]);
    return [...rows.values()].map((fields) => ({ marker: passage.marker, fields }));
  });
}

const hasWord = (token: string) => /[\p{L}\p{N}]/u.test(token);

/**
 * What the question typed that a word search cannot find: its symbols ("=", "&"), and its short
 * tokens that are a key or a code rather than a word ("P", "z", "F1", "5"): one character, or two
 * with a capital or a digit, so "no" or "is" never pick a row.
 */
function literals(text: string): Set<string> {
  const tokens = text.split(/\s+/).map((token) => (hasWord(token) ? token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') : token));
  return new Set(tokens.filter((token) => token && (!hasWord(token) || token.length === 1 || (token.length === 2 && /[\p{Lu}\p{N}]/u.test(token)))));
}

/** A cell the question names as typed: the whole cell ("P" asked as "P?"), or a symbol among its parts ("=" in "= or <Home>"). */
function namesLiterally(value: string, typed: ReadonlySet<string>): boolean {
  const whole = value.trim();
  if (typed.has(whole)) return true;
  return whole.split(/\s+/).some((part) => !hasWord(part) && typed.has(part));
}

/**
 * The rows of a table that answer the question, with their columns' headers, as a Markdown table
 * under the table's heading: "Sunday | 8:30 – 13:00" under "Day | Hours", never a row cut from its
 * header. Rows that match nearly as well as the best come too (the two days asked about).
 */
function rowsQuote(heading: string | undefined, tables: readonly Passage[], searched: string): StructuredQuote | null {
  const rows = rowsOf(tables);
  // By the cells alone: a header every row shares tells no row from another.
  const byWords = rankTexts(searched, rows, (row) => row.fields.map((field) => field.value).join(' '));
  const typed = literals(searched);
  // A row whose cell the question typed as it is ("="; "Sunday?") is the one asked about, whatever other words match elsewhere.
  const named = byWords.filter((entry) => entry.item.fields.some((field) => namesLiterally(field.value, typed)));
  const ranked = named.length > 0 ? named.map((entry) => ({ ...entry, score: entry.score + 1 })) : byWords;
  const best = ranked[0]?.score ?? 0;
  const matching = ranked.filter((entry) => best > 0 && entry.score >= best * ROW_SHARE).map((entry) => entry.item);
  // No row stands out (the question names the table, or a header every row shares): a short table is the answer, whole.
  const whole = (matching.length === 0 || matching.length > MAX_ROWS || matching.length === rows.length) && rows.length <= WHOLE_TABLE_ROWS;
  if (matching.length === 0 && !whole) return null;
  const picked = new Set(matching.slice(0, MAX_ROWS));
  // In the table's own order: Monday before Saturday, as the owner wrote them.
  const chosen = whole ? rows : rows.filter((row) => picked.has(row));
  const header = [...new Set(chosen.flatMap((row) => row.fields.map((field) => field.name)))];
  const table = markdownTable(
    [header.map((name) => cell(name)), ...chosen.map((row) => header.map((name) => cell(row.fields.find((field) => field.name === name)?.value ?? '')))],
    { alignDelimiters: false },
  );
  return { text: heading ? `**${heading}**\n\n${table}` : table, markers: [...new Set(chosen.map((row) => row.marker))] };
}

/** A field of a list of objects ("variants[3].size"): the list's name, the element's number and the field's name within it (never itself a list's element). */
const LIST_FIELD = /^(.+?)\[(\d+)\]\.(.*[^\]])$/;

interface RecordField extends PassageField {
  marker: number;
  /** The unit it is kept or left out with: the field alone, or the whole element of its list. */
  unit: string;
  list?: { name: string; element: string; field: string };
}

/**
 * A record as a person reads a catalogue entry: under its name, its fields whole and in order, up
 * to a few lines; when the record is longer, the fields the question names first ("in L?" finds
 * the variant whose size is L), then the rest in order as room allows. An element of a list of
 * objects is kept or left out whole: a size without its colour answers half the question.
 */
function recordQuote(heading: string | undefined, parts: readonly Passage[], searched: string): StructuredQuote {
  const named = new Set(contentWords(heading ?? ''));
  const words = contentWords(searched);
  // The words that name the record find it; the others say what is asked of it ("in L").
  const rest = words.filter((word) => !named.has(word));
  const asked = new Set(rest.length > 0 ? rest : words);
  const fields: RecordField[] = parts.flatMap((part) =>
    (part.fields ?? []).map((field, index) => {
      const match = LIST_FIELD.exec(field.name);
      // Keyed by passage too: two records of one name in a section never share a row.
      if (!match) return { ...field, marker: part.marker, unit: `${part.marker}:${index}` };
      const [, name = '', element = '', within = ''] = match;
      return { ...field, marker: part.marker, unit: `${part.marker}:${name}[${element}]`, list: { name, element, field: within } };
    }),
  );
  const units = new Map<string, RecordField[]>();
  for (const field of fields) units.set(field.unit, [...(units.get(field.unit) ?? []), field]);
  // Each unit by the asked words it holds, a word held by fewer units weighing more: "as well" names every pocket's
  // magazine_well, "knife" only the pockets with a sheath.
  const held = new Map(
    [...units].map(([unit, members]) => [
      unit,
      new Set(members.flatMap((field) => contentWords(`${field.name} ${field.value}`)).filter((word) => asked.has(word))),
    ]),
  );
  const holding = (word: string) => [...held.values()].filter((words) => words.has(word)).length;
  const weight = new Map([...asked].map((word) => [word, inverseDocumentFrequency(holding(word), units.size)]));
  const score = (unit: string) => [...held.get(unit)!].reduce((sum, word) => sum + weight.get(word)!, 0);
  const kept = new Set<string>();
  let length = 0;
  const ordered = [...units].sort(([a], [b]) => score(b) - score(a));
  for (const [unit, members] of ordered) {
    const size = members.reduce((sum, field) => sum + field.name.length + field.value.length + 4, 0);
    if (kept.size > 0 && length + size > RECORD_CHARS) continue;
    kept.add(unit);
    length += size;
  }
  const shown = fields.filter((field) => kept.has(field.unit));
  return {
    text: [...(heading ? [`**${heading}**`] : []), ...recordBlocks(shown)].join('\n\n'),
    markers: [...new Set(shown.map((field) => field.marker))],
  };
}

/**
 * A record's shown fields as a reader takes them in: plain fields as a list of "name: value" lines,
 * and a list of objects (a shirt's variants, a bag's pockets) as a table under the list's name, one
 * row an element, so "L" stands beside its colour rather than on a line of its own as
 * "variants[3].size: L". One element shown is no table: its fields read as lines, as the record's
 * own do (a table of one row lost "watertight: true" to the reader of a bag's only pocket).
 */
function recordBlocks(fields: readonly RecordField[]): string[] {
  const blocks: Array<{ lines: string[] } | { list: string; rows: Map<string, Map<string, string>> }> = [];
  const lists = new Map<string, Map<string, Map<string, string>>>();
  for (const field of fields) {
    if (!field.list) {
      const last = blocks.at(-1);
      const line = `- ${field.name}: ${field.value}`;
      if (last && 'lines' in last) last.lines.push(line);
      else blocks.push({ lines: [line] });
      continue;
    }
    const key = `${field.marker}:${field.list.name}`;
    let rows = lists.get(key);
    if (!rows) {
      rows = new Map();
      lists.set(key, rows);
      blocks.push({ list: field.list.name, rows });
    }
    rows.set(field.list.element, (rows.get(field.list.element) ?? new Map<string, string>()).set(field.list.field, field.value));
  }
  return blocks.map((block) => {
    if ('lines' in block) return block.lines.join('\n');
    const rows = [...block.rows.values()];
    if (rows.length === 1) return `${block.list}:\n\n${[...rows[0]!].map(([name, value]) => `- ${name}: ${value}`).join('\n')}`;
    const columns = [...new Set(rows.flatMap((row) => [...row.keys()]))];
    const table = markdownTable([columns.map(cell), ...rows.map((row) => columns.map((column) => cell(row.get(column) ?? '')))], { alignDelimiters: false });
    return `${block.list}:\n\n${table}`;
  });
}

/**
 * A section of tables or records answered by its structure rather than by sentences: when the
 * passage of the section that matches the question best is a table, its matching rows with their
 * headers; when it is a record, the record's fields. Null for prose, and for a long table none of
 * whose rows shares a word with the question.
 */
export function structuredQuote(section: PassageSection, searched: string): StructuredQuote | null {
  const structured = section.passages.filter((passage) => passage.kind && passage.fields && passage.fields.length > 0);
  if (structured.length === 0) return null;
  // A passage that ends with a colon announces what follows ("Our opening hours:"): it does not take the table's place.
  const competing = section.passages.filter((passage) => structured.includes(passage) || !passage.text.trimEnd().endsWith(':'));
  const ranked = rankTexts(searched, competing, (passage) => (passage.fields ? fieldsText(passage.fields) : passage.text));
  const lead = ranked[0]!;
  const structure = ranked.find((entry) => structured.includes(entry.item))!;
  const top = structure.score >= lead.score * PROSE_SHARE ? structure.item : lead.item;
  if (top.kind === 'table')
    return rowsQuote(
      section.heading,
      structured.filter((passage) => passage.kind === 'table'),
      searched,
    );
  if (top.kind === 'record')
    return recordQuote(
      section.heading,
      structured.filter((passage) => passage.kind === 'record'),
      searched,
    );
  return null;
}
