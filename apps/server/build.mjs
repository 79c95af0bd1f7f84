import { build } from 'esbuild';

// Bundles our own code (server and contract) and leaves every npm package external.
await build({
  entryPoints: ['src/main.ts'],
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
