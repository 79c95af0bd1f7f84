import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each worker keeps its modules from file to file. Loading the app's module graph afresh for
    // each of 127 files added up to 117 s of import time: the suite took 219 s on 2 cores with
    // it and 134 s without. Each file builds its own app and database; none relies on state
    // another left in a module.
    isolate: false,
  },
});
