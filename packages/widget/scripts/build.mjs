// Bundles the loader (dist/widget.js) and the chat frame (dist/frame.js, dist/frame.css), minified:
// websites load them on every page, so every byte counts (budgets in docs/decisions/0011-website-widget.md).
import { build } from 'esbuild';

const common = { bundle: true, minify: true, target: ['es2020', 'chrome90', 'firefox90', 'safari14'], logLevel: 'warning', legalComments: 'none' };

await build({ ...common, entryPoints: { widget: 'src/loader.ts', frame: 'src/frame.ts' }, outdir: 'dist', format: 'iife' });
await build({ ...common, entryPoints: { frame: 'src/frame.css' }, outdir: 'dist' });
