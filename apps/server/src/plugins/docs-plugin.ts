import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, APP_VERSION } from '@sparks/contract';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests, served at /api/v1/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Sparks API', version: APP_VERSION },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A member's access token, from signing in." },
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`spk_…`) from Settings › Developers, sent as `Authorization: Bearer spk_…`.' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });
  },
  { name: 'docs' },
);
