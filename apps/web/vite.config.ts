import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets';

export default defineConfig({
  plugins: [react(), tailwindcss(), compressAssets()],
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev -w apps/server) on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
