// Preloaded into a server process by a test (node --import): on exit, writes the CommonJS
// modules the process loaded (ES module imports of npm packages land there too) to the file
// named by LOADED_MODULES_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.on('exit', () => {
  writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n'));
});
