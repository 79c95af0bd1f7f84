import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is cores - 1: one worker on 2 cores, which left a core idle while the
    // server's tests waited on the database. Two took the suite from 269 s to 166 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
