import { DOCUMENT_MAX_RECORDS } from '@sparks/contract';
import { ExtractionError, type Block, type ExtractedDocument } from './extracted-document.js';

/** Deeper than this is not data a person wrote down: it is refused rather than walked. */
export const JSON_MAX_DEPTH = 32;
/** Small records are grouped into one passage up to about this many characters. */
const GROUP_CHARS = 900;
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

/** A record's fields as "path: value" lines, nested objects flattened with dotted paths and lists joined. */
function fieldLines(record: { [key: string]: Json }, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]): string[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value)) return fieldLines(value, path);
    if (Array.isArray(value)) {
      if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return value.length ? [`${path}: ${value.map(String).join(', ')}`] : [];
      return value.flatMap((item, index) => (isRecord(item) ? fieldLines(item, `${path}[${index + 1}]`) : [`${path}[${index + 1}]: ${JSON.stringify(item)}`]));
    }
    if (value === null || value === '') return [];
    return [`${path}: ${String(value)}`];
  });
}

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
 * A JSON file read as data, not prose: each record becomes a passage of "field: value" lines under
 * its name (its name, title or id field), small records grouped; the document's other top-level
 * fields come first as one passage. Malformed or too deeply nested JSON is a problem of the document.
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
    const rest = Object.fromEntries(Object.entries(root).filter(([key]) => key !== within));
    const lines = fieldLines(rest);
    if (lines.length > 0) blocks.push({ kind: 'paragraph', text: lines.join('\n'), page: null });
  }
  let group: string[] = [];
  const flush = () => {
    if (group.length > 0) blocks.push({ kind: 'paragraph', text: group.join('\n\n'), page: null });
    group = [];
  };
  for (const record of records.slice(0, DOCUMENT_MAX_RECORDS)) {
    const lines = isRecord(record) ? fieldLines(record) : [String(record)];
    if (lines.length === 0) continue;
    const name = isRecord(record) ? nameOf(record) : null;
    const text = lines.join('\n');
    if (name && text.length > GROUP_CHARS / 3) {
      flush();
      blocks.push({ kind: 'heading', text: name, page: null }, { kind: 'paragraph', text, page: null });
    } else {
      if (group.join('\n\n').length + text.length > GROUP_CHARS) flush();
      group.push(name ? `${name}\n${text}` : text);
    }
  }
  flush();
  if (blocks.length === 0) throw new ExtractionError('no_text', 'The JSON file holds no values to read.');
  const cut = records.length > DOCUMENT_MAX_RECORDS;
  return {
    pages: null,
    blocks,
    problem: cut ? { code: 'too_many_records', message: `Only the first ${DOCUMENT_MAX_RECORDS} of ${records.length} records were read.` } : null,
  };
}
