import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

function detectRedisServer(): boolean {
  if (spawnSync('redis-server', ['--version']).status === 0) return true;
  const notice = 'redis-server is not installed';
  if (process.env.CI === 'true') throw new Error(`${notice}; CI requires it.`);
  console.warn(`\n!!! ${notice}: Redis outage tests are SKIPPED. !!!\n`);
  return false;
}

/** Whether tests can start a Redis of their own (the shared one is never stopped). */
export const REDIS_SERVER_AVAILABLE: boolean = detectRedisServer();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether a Redis answers PING on the port. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout']) {
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
    }
  });
}

export interface OwnRedis {
  readonly url: string;
  /** Starts it, or starts it again on the same port (empty, as a restarted Redis without disk). */
  start(): Promise<void>;
  /** Kills it, as a crash or the first half of a restart would. */
  stop(): Promise<void>;
  /** Freezes it: connections stay open and commands go unanswered, as on a hung host. */
  freeze(): void;
  thaw(): void;
}

/** A redis-server of the test's own on a free port, which the test may stop and start again. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      while (!(await answersPing(port))) {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
  };
  await own.start();
  return own;
}
