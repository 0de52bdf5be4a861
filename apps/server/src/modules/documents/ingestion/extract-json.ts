import { DOCUMENT_MAX_RECORDS } from '@sparks/contract';
import { ExtractionError, type Block, type ExtractedDocument, type Field } from './extracted-document.js';

/** Deeper than this is not data a person wrote down: it is refused rather than walked. */
export const JSON_MAX_DEPTH = 32;
/** Fields whose value names a record, in order of preference. */
const NAME_FIELDS = ['name', 'title', 'nombre', 'titulo', 'título', 'label', 'id', 'sku', 'code', 'codigo', 'código', 'key'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isRecord = (value: Json): value is { [key: string]: Json } => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The depth of a value, walked without recursion so a hostile nesting cannot overflow the stack. */
function depthOf(value: Json): number {
  let deepest = 0;
  const stack: Array<[Json, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (depth > JSON_MAX_DEPTH) return depth;
    if (Array.isArray(item)) for (const child of item) stack.push([child, depth + 1]);
    else if (isRecord(item)) for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A record's fields by path, nested objects flattened with dotted paths, each element of a list of objects numbered, lists of values joined. */
function fieldsOf(record: { [key: string]: Json }, prefix = ''): Field[] {
  return Object.entries(record).flatMap(([key, value]): Field[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value)) return fieldsOf(value, path);
    if (Array.isArray(value)) {
      if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return value.length ? [{ name: path, value: value.map(String).join(', ') }] : [];
      return value.flatMap((item, index) =>
        isRecord(item) ? fieldsOf(item, `${path}[${index + 1}]`) : [{ name: `${path}[${index + 1}]`, value: JSON.stringify(item) }],
      );
    }
    if (value === null || value === '') return [];
    return [{ name: path, value: String(value) }];
  });
}

const linesOf = (fields: readonly Field[]): string => fields.map((field) => `${field.name}: ${field.value}`).join('\n');

function nameOf(record: { [key: string]: Json }): string | null {
  const keys = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
  for (const field of NAME_FIELDS) {
    const key = keys.get(field);
    const value = key === undefined ? undefined : record[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 120);
    if (typeof value === 'number') return `${key} ${value}`;
  }
  return null;
}

/** Where the records are: the document itself when it is a list, else its largest list of objects (an export's "items"). */
function recordsOf(root: Json): { records: Json[]; within: string | null } {
  if (Array.isArray(root)) return { records: root, within: null };
  if (!isRecord(root)) return { records: [root], within: null };
  const lists = Object.entries(root).filter(([, value]) => Array.isArray(value) && value.some(isRecord)) as Array<[string, Json[]]>;
  const largest = lists.sort((a, b) => b[1].length - a[1].length)[0];
  return largest ? { records: largest[1], within: largest[0] } : { records: [root], within: null };
}

/**
 * A JSON file read as data, not prose: each record is a unit of "path: value" fields under its name
 * (its name, title or id field, else its place), nested lists never cut after their first element;
 * the document's other top-level fields come first as one passage. Malformed or too deeply nested
 * JSON is a problem of the document.
 */
export function extractJson(bytes: Uint8Array): ExtractedDocument {
  let root: Json;
  try {
    root = JSON.parse(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')) as Json;
  } catch (error) {
    const where = error instanceof Error ? error.message.replace(/^.*?(at position \d+.*)$/s, ' ($1)') : '';
    throw new ExtractionError('corrupt', `The file is not valid JSON${where.startsWith(' (') ? where : ''}.`);
  }
  if (depthOf(root) > JSON_MAX_DEPTH) throw new ExtractionError('too_complex', `The JSON is nested more than ${JSON_MAX_DEPTH} levels deep.`);

  const blocks: Block[] = [];
  const { records, within } = recordsOf(root);
  if (within && isRecord(root)) {
    const rest = fieldsOf(Object.fromEntries(Object.entries(root).filter(([key]) => key !== within)));
    if (rest.length > 0) blocks.push({ kind: 'paragraph', text: linesOf(rest), page: null });
  }
  // Each record is a unit of its own, whole: its fields in order under its name, never grouped with another's.
  records.slice(0, DOCUMENT_MAX_RECORDS).forEach((record, index) => {
    const fields = isRecord(record) ? fieldsOf(record) : [{ name: within ?? 'value', value: JSON.stringify(record) }];
    if (fields.length === 0) return;
    const name = (isRecord(record) ? nameOf(record) : null) ?? `${within ?? 'record'} ${index + 1}`;
    blocks.push({ kind: 'record', text: linesOf(fields), page: null, name, fields });
  });
  if (blocks.length === 0) throw new ExtractionError('no_text', 'The JSON file holds no values to read.');
  const cut = records.length > DOCUMENT_MAX_RECORDS;
  return {
    pages: null,
    blocks,
    problem: cut ? { code: 'too_many_records', message: `Only the first ${DOCUMENT_MAX_RECORDS} of ${records.length} records were read.` } : null,
  };
}
