import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A feature (web) or module (server) may import only itself: features never import each other.
 * Server modules may call another module's service (its `*-service.ts`), never its repositories
 * or routes (docs/decisions/0006-modules-talk-through-services.md).
 */
const notSibling = (type, capture) => ({
  from: { element: { type } },
  disallow: { to: { element: { type, captured: { [capture]: `!{{ from.element.captured.${capture} }}` } } } },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/src/db/migrations/**', '.tmp/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // One Language type, from the contract: adding a language is then a change the type checker walks you through.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSUnionType:has(TSLiteralType > Literal[value='en']):has(TSLiteralType > Literal[value='es'])",
          message: "Use the contract's Language type instead of spelling out the languages.",
        },
      ],
    },
  },
  // Benchmarks exist to print their tables.
  { files: ['bench/**/*.ts'], rules: { 'no-console': 'off' } },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'server-service', pattern: 'apps/server/src/modules/*/*-service.ts', mode: 'full', capture: ['module', 'file'] },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server-lib', pattern: 'apps/server/src/lib' },
        { type: 'server-llm', pattern: 'apps/server/src/llm' },
        { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
      ],
      'boundaries/legacy-templates': false,
      'boundaries/legacy-warnings': false,
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            notSibling('web-feature', 'feature'),
            notSibling('server-module', 'module'),
            {
              from: { element: { type: 'server-service' } },
              disallow: { to: { element: { type: 'server-module', captured: { module: '!{{ from.element.captured.module }}' } } } },
            },
            // Layers point one way (docs/architecture.md): lib below llm below modules below plugins; shared web code below features.
            {
              from: { element: { type: 'server-lib' } },
              disallow: { to: { element: { type: ['server-llm', 'server-module', 'server-service', 'server-plugins'] } } },
            },
            {
              from: { element: { type: 'server-llm' } },
              disallow: { to: { element: { type: ['server-module', 'server-service', 'server-plugins'] } } },
            },
            { from: { element: { type: ['server-module', 'server-service'] } }, disallow: { to: { element: { type: 'server-plugins' } } } },
            { from: { element: { type: ['web-components', 'web-lib'] } }, disallow: { to: { element: { type: ['web-feature', 'web-app'] } } } },
          ],
        },
      ],
    },
  },
  // A cycle makes two files one unit that neither can be read, tested or moved without the other.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Files a cycle runs through are read with the TypeScript parser, as the linted file is.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
