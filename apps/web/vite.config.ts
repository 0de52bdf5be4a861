import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { firstScreenPreloads } from './build/first-screen-preloads.ts';
import { FIRST_SCREENS, SIGNED_IN_SCREENS } from './src/app/first-screens.ts';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532,
 * #14102), with checks and console warnings meant for development (about 2 kB more). Production
 * bundles take the production build shipped beside it.
 */
function reactRouterProduction(): string {
  return join(dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), firstScreenPreloads(FIRST_SCREENS, SIGNED_IN_SCREENS), compressAssets()],
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }] } : {},
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev -w apps/server) on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreenChunks(FIRST_SCREENS, import.meta.dirname, SIGNED_IN_SCREENS) } } },
  },
}));
