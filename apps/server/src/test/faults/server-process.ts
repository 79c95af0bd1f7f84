import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const STDERR_KEPT = 8_000;

/** The first port of a range nobody listens on (our servers use 3500-3599). */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * The real server (src/main.ts through tsx, as the build would not exist yet; or a built
 * `script`, as it ships) in a child process that can be killed outright and started again on the
 * same data.
 */
export function serverProcess(env: Record<string, string>, script?: string) {
  const url = `http://127.0.0.1:${env.PORT}`;
  let child: ChildProcess | null = null;
  let stderr = '';
  let markUp: () => void = () => undefined;
  let up = new Promise<void>((resolve) => {
    markUp = resolve;
  });

  function spawnChild(): ChildProcess {
    const args = script ? ['--single-threaded-gc', script] : ['--import', 'tsx', MAIN];
    const started = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    return started;
  }

  async function waitUntilHealthy(started: ChildProcess, timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`server exited at start:\n${stderr}`);
      if (await healthy(url)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not become healthy:\n${stderr}`);
  }

  function exited(target: ChildProcess): Promise<void> {
    if (target.exitCode !== null || target.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => target.once('exit', () => resolve()));
  }

  async function end(signal: NodeJS.Signals): Promise<void> {
    const target = child;
    if (!target) return;
    child = null;
    up = new Promise((resolve) => {
      markUp = resolve;
    });
    target.kill(signal);
    await exited(target);
  }

  return {
    url,
    /** The running server's process id. */
    pid: () => child?.pid,
    /** Resolves once a server answers /api/health; clients wait on it after a failed request. */
    whenUp: () => up,

    async start(): Promise<void> {
      child = spawnChild();
      await waitUntilHealthy(child);
      markUp();
    },

    /** SIGKILL: no shutdown hook runs; open transactions and in-flight requests just end. */
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
export type ServerProcess = ReturnType<typeof serverProcess>;
