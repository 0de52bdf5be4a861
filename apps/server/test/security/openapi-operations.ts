import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from '#test/json-schema-arbitrary.js';
import type { OpenApiParameter } from '#test/openapi-arbitraries.js';

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

/** One operation of the served OpenAPI document, keyed `METHOD /path/{param}`. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  /** The JSON body schema, when the operation documents one. */
  bodySchema: JsonSchema | undefined;
}

/** Every operation of the document the app serves, in its order. */
export async function servedOperations(app: FastifyInstance): Promise<Operation[]> {
  const served = await app.inject({ method: 'GET', url: '/api/v1/docs/json' });
  const document = served.json() as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      bodySchema: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** The OpenAPI key of a route as Fastify registered it (`:name` → `{name}`). */
export const operationKeyOf = (method: string, url: string): string => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
