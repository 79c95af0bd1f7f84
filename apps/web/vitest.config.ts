import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // One jsdom per worker, not per file: building environments took most of the web tests'
    // time. Each file still starts clean: setup.ts resets our modules, the DOM and storage.
    isolate: false,
    // jsdom renders slowly on a loaded 2-core machine; a test still fails on a state never reached.
    testTimeout: 20_000,
  },
});
