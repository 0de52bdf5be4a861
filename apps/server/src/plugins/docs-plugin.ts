import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, APP_VERSION } from '@sparks/contract';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPENAPI_GROUPS } from './openapi-groups.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** An operation id for a route outside the contract's table: its method and its path's words ("getBillingTestCheckoutById"). */
function derivedId(method: string, url: string): string {
  const words = url
    .replace(API_BASE_PATH, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * Who may call an operation, as the reference says it, read from the one policy's declaration
 * (docs/decisions/0038, 0043), so the two cannot disagree: no scheme for public and visitors'
 * routes (they check their own credential), a member's token, and an API key where a scope opens it.
 */
function securityOf(route: RouteOptions): Array<Record<string, string[]>> {
  const { access, keyScope } = route.config ?? {};
  if (access === 'public' || access === 'visitor') return [];
  return keyScope ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
}

/** The zod schemas as JSON Schema, each operation named and its security stated. */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const operationId = route.config?.routeName ?? derivedId(method, input.url);
  return { ...out, schema: { ...out.schema, operationId, security: securityOf(route) } };
}

/** OpenAPI generated from the same zod schemas that validate requests, served at /api/v1/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Sparks API',
          version: APP_VERSION,
          description:
            'Errors have one shape: `{ errors: [message], code, status }`, with the codes of `ERROR_CODES`. Requests made with an API key answer `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and 429 with `Retry-After` past the limit.',
          license: { name: 'Proprietary' },
        },
        servers: [{ url: app.config.publicUrl, description: 'This Sparks server' }],
        tags: OPENAPI_GROUPS.map(({ name, about, example }) => ({ name, description: `${about}\n\n\`\`\`sh\n${example}\n\`\`\`` })),
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A member's access token, from signing in." },
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`spk_…`) from Settings › Developers, sent as `Authorization: Bearer spk_…`.' },
          },
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });
  },
  { name: 'docs' },
);
