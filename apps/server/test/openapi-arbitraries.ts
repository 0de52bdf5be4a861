import fc from 'fast-check';
import {
  bodyArbitrary,
  hostileText,
  ownValues,
  PROTO_KEYS,
  validString,
  validValue,
  type BodyKind,
  type JsonSchema,
  type ValueHints,
} from './json-schema-arbitrary.js';

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the document, flattened: what the generator needs to build requests for it. */
export interface FuzzOperation {
  method: string;
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  parameters: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** How the body was built, for reading a failure. */
  bodyKind: BodyKind | 'none';
}

/** Path fragments sent as they are (not encoded): traversal, NUL, broken and overlong percent escapes. */
const RAW_PATH_FRAGMENTS = ['..', '../..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '%', '%ZZ', '%c0%af', '%ff%fe', '.', '~', '%20', '*'];

/** Labels a body may carry instead of JSON: the app's other parsers (form, multipart, raw webhook) and types it has none for. */
const CONTENT_TYPES = [
  ...['application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'],
  ...['multipart/form-data', 'multipart/form-data; boundary=X', 'multipart/form-data; boundary=""'],
];

/** encodeURIComponent, with lone surrogates (a long string cut mid-pair) replaced: they cannot be encoded at all. */
const encode = (text: string): string => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** A path parameter as a careful client sends it: the caller's own value for that name, else one of the right shape. */
function wellFormedPathValue(parameter: OpenApiParameter, hints: ValueHints): fc.Arbitrary<string> {
  const own = ownValues(hints, parameter.name, parameter.schema);
  if (own.length > 0) return fc.constantFrom(...own);
  return (parameter.schema ? validString(parameter.schema) : fc.string()).filter((value) => value.length > 0).map(encode);
}

/** A path parameter: one of the caller's values (for any slot), a value of the right shape, or a hostile one. */
function hostilePathValue(parameter: OpenApiParameter, hints: ValueHints): fc.Arbitrary<string> {
  const own = [...(hints[parameter.name] ?? []), ...(hints['*'] ?? [])];
  return fc.oneof(
    ...(own.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...own) }] : []),
    { weight: 2, arbitrary: wellFormedPathValue(parameter, {}) },
    { weight: 1, arbitrary: fc.uuid({ version: [1, 4, 7, 15] }) },
    { weight: 2, arbitrary: hostileText.filter((value) => value.length > 0).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_FRAGMENTS) },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 20_000 }).map((length) => 'a'.repeat(length)) },
  );
}

const validQueryValue = (parameter: OpenApiParameter, hints: ValueHints): fc.Arbitrary<string> =>
  parameter.schema
    ? validValue(parameter.schema, hints, parameter.name).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    : fc.string();

/** A query value: per its schema, hostile text, or an array (the key repeated). */
const hostileQueryValue = (parameter: OpenApiParameter, hints: ValueHints): fc.Arbitrary<string | string[]> =>
  fc.oneof(
    { weight: 3, arbitrary: validQueryValue(parameter, hints) },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 }) },
  );

/** The query string: valid values (required ones always) or, when hostile, odd values, gaps and stray keys. */
function queryString(parameters: OpenApiParameter[], hints: ValueHints, hostile: boolean): fc.Arbitrary<string> {
  const entries = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const entry = (hostile ? hostileQueryValue(parameter, hints) : validQueryValue(parameter, hints)).map((value) => [parameter.name, value] as const);
      return parameter.required && !hostile ? entry : fc.option(entry, { freq: 3 });
    });
  const strayKey = fc.tuple(fc.constantFrom(...PROTO_KEYS, '__proto__[polluted]', 'constructor[prototype][x]', 'x'), fc.string({ maxLength: 8 }));
  const stray = hostile ? fc.option(strayKey, { freq: 4 }) : fc.constant(null);
  return fc.tuple(fc.tuple(...entries), stray).map(([chosen, extra]) => {
    const pairs: string[] = [];
    for (const entry of [...chosen, extra]) {
      if (!entry) continue;
      const [name, value] = entry;
      for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encode(name)}=${encode(one)}`);
    }
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

interface Body {
  text: string | undefined;
  kind: FuzzRequest['bodyKind'];
}
const NO_BODY: Body = { text: undefined, kind: 'none' };

function hostileBody(operation: FuzzOperation, hints: ValueHints): fc.Arbitrary<Body> {
  if (operation.bodySchema) return bodyArbitrary(operation.bodySchema, hints);
  if (['GET', 'HEAD'].includes(operation.method)) return fc.constant(NO_BODY);
  // No JSON body is documented (or the route reads a multipart form): half the calls send JSON anyway.
  const stray = fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ text: JSON.stringify(value), kind: 'raw' }));
  return fc.oneof(fc.constant(NO_BODY), stray);
}

interface Parts {
  path: string[];
  query: string;
  body: Body;
  contentType: string | undefined;
  authorization: string | undefined;
  accept: string;
}

function requestOf(operation: FuzzOperation, parts: Parts): FuzzRequest {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const url = pathParameters.reduce((path, parameter, index) => path.replace(`{${parameter.name}}`, parts.path[index]!), operation.path);
  const headers: Record<string, string> = { accept: parts.accept };
  if (parts.authorization) headers.authorization = parts.authorization;
  if (parts.body.text !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
  return { method: operation.method, url: `${url}${parts.query}`, headers, payload: parts.body.text, bodyKind: parts.body.kind };
}

/**
 * Requests for one operation. Two in five are well formed (the caller's own ids, a valid query
 * and body, the bearer token), so the handlers themselves meet odd but valid values; the rest
 * fuzz every part: hostile path segments and query values, mutated or raw bodies, a wrong
 * content type now and then, and now and then no token or a forged one.
 */
export function requestArbitrary(operation: FuzzOperation, hints: ValueHints, bearer: string): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const wellFormed: fc.Arbitrary<Parts> = fc.record({
    path: fc.tuple(...pathParameters.map((parameter) => wellFormedPathValue(parameter, hints))),
    query: queryString(operation.parameters, hints, false),
    body: operation.bodySchema
      ? validValue(operation.bodySchema, hints).map((value): Body => ({ text: JSON.stringify(value), kind: 'valid' }))
      : fc.constant(NO_BODY),
    contentType: fc.constant(undefined),
    authorization: fc.constant(`Bearer ${bearer}`),
    accept: fc.constant('application/json'),
  });
  const forged = ['Bearer x.y.z', `Bearer ${bearer.split('.').slice(0, 2).join('.')}.AAAA`, 'Basic YTpi', `Bearer ${'A'.repeat(5_000)}`];
  const hostile: fc.Arbitrary<Parts> = fc.record({
    path: fc.tuple(...pathParameters.map((parameter) => hostilePathValue(parameter, hints))),
    query: queryString(operation.parameters, hints, true),
    body: hostileBody(operation, hints),
    // Mostly JSON where a JSON body is documented; elsewhere as often labelled as something else.
    contentType: fc.oneof(
      { weight: operation.bodySchema ? 9 : 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    authorization: fc.oneof(
      { weight: 18, arbitrary: fc.constant(`Bearer ${bearer}`) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...forged) },
    ),
    // Now and then the streaming answer (Server-Sent Events) or no preference at all.
    accept: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('text/event-stream', '*/*', 'text/html') },
    ),
  });
  return fc.oneof({ weight: 2, arbitrary: wellFormed }, { weight: 3, arbitrary: hostile }).map((parts) => requestOf(operation, parts));
}
