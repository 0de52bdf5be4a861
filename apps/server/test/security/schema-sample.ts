import { ownValues, type JsonSchema, type ValueHints } from '#test/json-schema-arbitrary.js';

const SAMPLE_UUID = '0b7c6f1e-3f5d-4c1a-9b8e-2d4f6a8c0e12';
/** Strings for the patterns this API declares: Graph ids, one-time codes, phone numbers, Meta's ids, tokens and app secrets, a Telegram bot token, plain words. */
const PATTERN_SAMPLES = [
  'b!Zm9vYmFy.site-1',
  '123456',
  '+1 555 0100',
  'EAAGsampleAccessToken0123456789',
  '0123456789abcdef0123456789abcdef',
  '123456789:AAEsampleBotToken0123456789abcdefXY',
  'sample',
];

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return SAMPLE_UUID;
  if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
  if (schema.format === 'email') return 'someone@example.com';
  const fits = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const sample = PATTERN_SAMPLES.find((text) => pattern.test(text) && fits(text));
    if (sample === undefined) throw new Error(`no sample string for the pattern ${schema.pattern}: add one to schema-sample.ts`);
    return sample;
  }
  const text = 'Sample text'.slice(0, schema.maxLength ?? 11);
  return text.padEnd(schema.minLength ?? 0, 'x');
}

/**
 * One deterministic value the schema accepts, every documented property filled in (so a request
 * built from it reaches the handler, not the validator). A string field named in `hints` takes
 * the first of those values that fits, which is how a suite points a body at the ids it means.
 */
export function schemaSample(schema: JsonSchema, hints: ValueHints = {}, name = ''): unknown {
  const own = schema.type === 'string' ? ownValues(hints, name, schema) : [];
  if (own.length > 0) return own[0];
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const members = schema.anyOf ?? schema.oneOf;
  if (members && members.length > 0) return schemaSample(members[0]!, hints, name);
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'string':
      return sampleString(schema);
    case 'array': {
      // Items inherit the field's name: `folderIds` hints name the ids its items should be.
      const length = Math.min(Math.max(schema.minItems ?? 1, 1), schema.maxItems ?? 1);
      return Array.from({ length }, () => (schema.items ? schemaSample(schema.items, hints, name) : 'sample'));
    }
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, schemaSample(child, hints, key)]));
    default:
      return null;
  }
}

/** Where in a body schema a string field of one of these names sits, as paths of keys (an array's first item is `0`). */
export function fieldsNamed(schema: JsonSchema | undefined, names: ReadonlySet<string>, at: string[] = []): string[][] {
  if (!schema) return [];
  const members = schema.anyOf ?? schema.oneOf ?? [];
  const inMembers = members.flatMap((member) => fieldsNamed(member, names, at));
  const inProperties = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => [
    ...(names.has(key) ? [[...at, key]] : []),
    ...fieldsNamed(child, names, [...at, key]),
  ]);
  const inItems = schema.type === 'array' && schema.items ? fieldsNamed(schema.items, names, [...at, '0']) : [];
  return [...inProperties, ...inMembers, ...inItems];
}

/** A copy of a sampled body with the value at `path` replaced. */
export function withField(body: unknown, path: readonly string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}
