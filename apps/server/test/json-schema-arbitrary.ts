import fc from 'fast-check';

/** The slice of OpenAPI 3.0 JSON Schema that fastify-type-provider-zod emits for this API (plus the usual combinators). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

/** Values the caller really owns, by field or parameter name (`*`: any slot), so requests get past "not found". */
export type ValueHints = Record<string, string[]>;

export type BodyKind = 'valid' | 'mutated' | 'raw';

// Short, readable values mixed into free text so valid-looking requests reach the services.
const WORDS = ['Returns', 'hello@example.com', 'Valid-Pass1', 'en', 'es', '123456', 'https://example.com', ''];

/** Strings that have broken parsers, SQL, file paths, headers and renderers elsewhere. */
const HOSTILE_TEXT = [
  ...["' OR 1=1; --", '../../../../etc/passwd', '..\\..\\windows\\win.ini', '<script>alert(1)</script>', '{{7*7}}${7*7}', '%00', '\r\nSet-Cookie: x=1'],
  ...['\u0000', 'a\u0000b', '\u202Egnp.exe', '🧨🔥𝕏', '\uFEFF', '__proto__', 'constructor'],
];

/** Whole bodies that are JSON but not an object, or not JSON at all. */
const RAW_BODIES = ['', '[]', '"text"', '42', 'null', 'true', '{', '{"a":', '{"a":1}}', '\u0000', '[{"__proto__":{"x":1}}]'];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '$ne'];

/** Text over every field limit: up to ~20k characters of a short repeated unit. */
const longText = fc
  .tuple(fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }), fc.integer({ min: 1_000, max: 20_000 }))
  .map(([unit, length]) => unit.repeat(length).slice(0, length));

/** Free text from every corner: ASCII, any code point (NUL included), known-hostile strings, 20k runs. */
export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: longText },
);

/** Any JSON value a careless or hostile client might put where something else belongs. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, 2 ** 53 + 1, [], {}, '', [null], { $ne: null }),
  fc.double(),
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
);

/** A string the schema accepts: by format, by pattern, else free text and a few plain words. */
export function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') }).map((date) => date.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength: Math.max(minLength, schema.maxLength ?? 300) });
    } catch {
      // fast-check cannot generate from every regex (lookaheads): plain text then, which the server refuses.
    }
  }
  const words = WORDS.filter((word) => word.length >= minLength && word.length <= maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    ...(words.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...words) }] : []),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own values for a name that the schema accepts: an `id` may be a Spark's in one route and a checkout's in another. */
export function ownValues(hints: ValueHints, name: string, schema: JsonSchema | undefined): string[] {
  return (hints[name] ?? []).filter(
    (value) =>
      !schema ||
      ((!schema.pattern || new RegExp(schema.pattern).test(value)) &&
        (schema.format !== 'uuid' || UUID.test(value)) &&
        value.length <= (schema.maxLength ?? Infinity)),
  );
}

/**
 * A value the schema accepts (or very nearly: free text rarely satisfies refinements the document
 * cannot express). A string field named in `hints` is mostly one of the caller's own values.
 */
export function validValue(schema: JsonSchema, hints: ValueHints = {}, name = ''): fc.Arbitrary<unknown> {
  const own = ownValues(hints, name, schema);
  const drawn =
    own.length > 0 && schema.type === 'string'
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: nonNullValue(schema, hints) })
      : nonNullValue(schema, hints);
  return schema.nullable ? fc.option(drawn, { nil: null, freq: 5 }) : drawn;
}

function nonNullValue(schema: JsonSchema, hints: ValueHints): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const members = schema.anyOf ?? schema.oneOf;
  if (members && members.length > 0) return fc.oneof(...members.map((member) => validValue(member, hints)));
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'string':
      return validString(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const item = schema.items ? validValue(schema.items, hints) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, validValue(child, hints, key)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Sets a key as an own, enumerable property: `__proto__` written with `=` would change the prototype instead. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Every object and array inside a value, the value itself first: the places a mutation can land. */
function containers(value: unknown, found: object[] = []): object[] {
  if (value !== null && typeof value === 'object') {
    found.push(value);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

type Mutation =
  | { kind: 'wrong-type'; value: unknown }
  | { kind: 'drop-key' }
  | { kind: 'null-byte' }
  | { kind: 'extra-key'; key: string; value: unknown }
  | { kind: 'pollute'; key: '__proto__' | 'constructor' }
  | { kind: 'deep-nesting'; depth: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  wrongValue.map((value) => ({ kind: 'wrong-type' as const, value })),
  longText.map((value) => ({ kind: 'wrong-type' as const, value })),
  fc.constantFrom({ kind: 'drop-key' as const }, { kind: 'null-byte' as const }),
  fc
    .tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTO_KEYS)), wrongValue)
    .map(([key, value]) => ({ kind: 'extra-key' as const, key, value })),
  fc.constantFrom('__proto__' as const, 'constructor' as const).map((key) => ({ kind: 'pollute' as const, key })),
  fc.integer({ min: 20, max: 3_000 }).map((depth) => ({ kind: 'deep-nesting' as const, depth })),
);

/** Applies one mutation at one place (chosen by `where` and `pick`) of a copy of a valid body. */
function mutate(valid: unknown, change: Mutation, where: number, pick: number): unknown {
  const root = structuredClone(valid);
  const places = containers(root);
  const target = places[where % Math.max(places.length, 1)];
  if (!target) return change.kind === 'wrong-type' ? change.value : root;
  const record = target as Record<string, unknown>;
  const keys = Object.keys(target);
  const key = keys.length > 0 ? keys[pick % keys.length]! : '0';
  if (change.kind === 'drop-key') {
    if (Array.isArray(target)) target.pop();
    else delete record[key];
  } else if (change.kind === 'extra-key' && Array.isArray(target)) target.push(change.value);
  else if (change.kind === 'extra-key') setOwn(record, change.key, change.value);
  else if (change.kind === 'pollute')
    setOwn(record, change.key, change.key === '__proto__' ? { polluted: true, isAdmin: true } : { prototype: { polluted: true } });
  else if (change.kind === 'null-byte') setOwn(record, key, `${typeof record[key] === 'string' ? record[key] : 'x'}\u0000`);
  else if (change.kind === 'deep-nesting') setOwn(record, key, nested(change.depth, record[key] ?? 'leaf'));
  else setOwn(record, key, change.value); // wrong-type: another type, or text past every limit
  return root;
}

/**
 * JSON text for a request body: valid per the schema, a valid one with one mutation (wrong type,
 * missing or extra key, prototype key, NUL byte, 20k string, deep nesting), or a raw oddity.
 */
export function bodyArbitrary(schema: JsonSchema, hints: ValueHints): fc.Arbitrary<{ text: string; kind: BodyKind }> {
  const valid = validValue(schema, hints);
  const mutated = fc
    .tuple(valid, mutation, fc.nat(), fc.nat())
    .map(([value, change, where, pick]) => JSON.stringify(mutate(value, change, where, pick)) ?? 'null');
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => ({ text: JSON.stringify(value), kind: 'valid' as const })) },
    { weight: 6, arbitrary: mutated.map((text) => ({ text, kind: 'mutated' as const })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ text, kind: 'raw' as const })) },
  );
}
