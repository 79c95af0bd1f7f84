import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// Runs several commands at once, prints each one's output whole when it ends so the logs never
// interleave, and fails if any fails. npm test overlaps the static checks with the build, and the
// browser-test groups with each other (scripts/e2e-groups.mjs).

function run({ name, command, env }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${name}: ${outcome} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** Runs the jobs ({name, command, env?}) at once; exits 1 naming those that failed. */
export async function runTogether(jobs) {
  const results = await Promise.all(jobs.map(run));
  const failed = jobs.filter((_, index) => !results[index]).map((job) => job.name);
  if (failed.length > 0) {
    process.stdout.write(`\nFailed: ${failed.join(', ')}\n`);
    process.exit(1);
  }
}

// As a command: each argument is `name=command`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runTogether(
    process.argv.slice(2).map((argument) => {
      const split = argument.indexOf('=');
      return { name: argument.slice(0, split), command: argument.slice(split + 1) };
    }),
  );
}
