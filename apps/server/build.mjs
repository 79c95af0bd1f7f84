import { build } from 'esbuild';

// Bundles our own code (server and contract) and leaves every npm package external. The PDF
// reader's worker is its own entry, beside main.js, where pdf-text.ts looks for it.
await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf-text.worker': 'src/features/materials/pdf-text.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@grasp/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
