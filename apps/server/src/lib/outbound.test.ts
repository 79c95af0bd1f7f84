import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundRefused } from './outbound.ts';
import { isPublicAddress, parseHostRule, urlMatches } from './outbound-hosts.ts';

describe('addresses others choose', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.8',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
    '64:ff9b::7f00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.72.10', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('matches host rules by name, wildcard label and port', () => {
    const rules = ['*.push.services.mozilla.com', 'fcm.googleapis.com', '127.0.0.1:4123'].map(
      (r) =>
        parseHostRule(r) ??
        (() => {
          throw new Error(r);
        })(),
    );
    const ok = (u: string) => urlMatches(rules, new URL(u));
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(ok('https://fcm.googleapis.com:443/fcm/send/x')).toBe(true);
    expect(ok('https://127.0.0.1:4123/push')).toBe(true);
    expect(ok('https://push.services.mozilla.com/x')).toBe(false);
    expect(ok('https://a.b.push.services.mozilla.com/x')).toBe(false);
    expect(ok('https://updates.push.services.mozilla.com.evil.example/x')).toBe(false);
    expect(ok('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(ok('https://127.0.0.1:4124/push')).toBe(false);
    expect(ok('https://127.0.0.1/push')).toBe(false);
    for (const bad of ['http://x.org', 'x.org/path', 'a b', 'user@x.org', '']) {
      expect(parseHostRule(bad)).toBeNull();
    }
  });
});

/** A local HTTP server counting the connections it gets and the bytes it manages to send. */
async function startServer(handler: RequestListener) {
  let connections = 0;
  const server: Server = createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('outbound requests', () => {
  let ok: Awaited<ReturnType<typeof startServer>>;
  let flood: Awaited<ReturnType<typeof startServer>>;
  let dribble: Awaited<ReturnType<typeof startServer>>;
  let silent: Awaited<ReturnType<typeof startServer>>;
  let floodSent = 0;
  let dribbleClosed: Promise<void>;

  beforeAll(async () => {
    ok = await startServer((req, res) => {
      if (req.url === '/away') res.writeHead(302, { location: 'http://elsewhere.example/' }).end();
      else if (req.url === '/hop') res.writeHead(302, { location: '/json' }).end();
      else res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    // 201, then 50 MB as fast as the reader takes it.
    flood = await startServer((_req, res) => {
      res.writeHead(201);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (floodSent < 50 * 1024 * 1024) {
          floodSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    // 201, then a byte every 20 ms forever: never idle, never done.
    let closed: () => void = () => undefined;
    dribbleClosed = new Promise((resolve) => {
      closed = resolve;
    });
    dribble = await startServer((_req, res) => {
      res.writeHead(201);
      const timer = setInterval(() => res.write('x'), 20);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    // Takes the request and never answers.
    silent = await startServer(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([ok.close(), flood.close(), dribble.close(), silent.close()]);
  });

  const local = (port: number) => `127.0.0.1:${port}`;
  const call = { deadlineMs: 5000, maxBytes: 4096 };

  it('reaches a named host on loopback, and reads its answer', async () => {
    const outbound = createOutbound({
      allowedHosts: [local(ok.port)],
      namedHosts: [local(ok.port)],
      protocols: ['http:'],
    });
    const answer = await outbound.request(`http://${local(ok.port)}/json`, call);
    expect(answer).toMatchObject({ status: 201, complete: true });
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('refuses loopback, private and mapped addresses it was not told about, before connecting', async () => {
    const before = ok.connections();
    const outbound = createOutbound({
      allowedHosts: [local(ok.port), `localhost:${ok.port}`, `[::ffff:127.0.0.1]:${ok.port}`],
      namedHosts: [],
      protocols: ['http:'],
    });
    for (const host of [local(ok.port), `localhost:${ok.port}`, `[::ffff:127.0.0.1]:${ok.port}`]) {
      await expect(outbound.request(`http://${host}/json`, call)).rejects.toThrow(OutboundRefused);
    }
    expect(ok.connections()).toBe(before);
  });

  it('refuses hosts and schemes outside its rules, and redirects that leave them', async () => {
    const outbound = createOutbound({
      allowedHosts: [local(ok.port)],
      namedHosts: [local(ok.port)],
      protocols: ['https:'],
    });
    await expect(outbound.request(`http://${local(ok.port)}/json`, call)).rejects.toThrow(
      'http: is not allowed',
    );
    await expect(outbound.request('https://169.254.169.254/latest', call)).rejects.toThrow(
      OutboundRefused,
    );
    expect(outbound.allows('file:///etc/passwd')).toBe(false);

    const http = createOutbound({
      allowedHosts: [local(ok.port)],
      namedHosts: [local(ok.port)],
      protocols: ['http:'],
    });
    const hop = await http.request(`http://${local(ok.port)}/hop`, { ...call, maxRedirects: 2 });
    expect(hop.body.toString()).toBe('{"ok":true}');
    expect((await http.request(`http://${local(ok.port)}/hop`, call)).status).toBe(302);
    await expect(
      http.request(`http://${local(ok.port)}/away`, { ...call, maxRedirects: 2 }),
    ).rejects.toThrow('elsewhere.example is not allowed');
  });

  it('reads only up to its cap of an answer that does not end, and hangs up', async () => {
    const outbound = createOutbound({
      allowedHosts: [local(flood.port)],
      namedHosts: [local(flood.port)],
      protocols: ['http:'],
    });
    const answer = await outbound.request(`http://${local(flood.port)}/`, call);
    expect(answer.status).toBe(201);
    expect(answer.complete).toBe(false);
    expect(answer.body).toHaveLength(4096);
    // What the kernel's buffers took before the hang-up, far from the 50 MB offered.
    await expect.poll(() => floodSent).toBeGreaterThan(0);
    expect(floodSent).toBeLessThan(50 * 1024 * 1024);
  });

  it('gives up at its deadline on an answer that keeps trickling in', async () => {
    const outbound = createOutbound({
      allowedHosts: [local(dribble.port)],
      namedHosts: [local(dribble.port)],
      protocols: ['http:'],
    });
    await expect(
      outbound.request(`http://${local(dribble.port)}/`, {
        deadlineMs: 300,
        maxBytes: 1024 * 1024,
      }),
    ).rejects.toThrow();
    await dribbleClosed;
  });

  it('gives up at its deadline on a server that never answers, though the garbage collector runs meanwhile', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const outbound = createOutbound({
      allowedHosts: [local(silent.port)],
      namedHosts: [local(silent.port)],
      protocols: ['http:'],
    });
    const outcome = outbound
      .request(`http://${local(silent.port)}/`, { ...call, deadlineMs: 300 })
      .then(
        () => 'answered',
        (error: Error) => error.name,
      );
    // A deadline nothing else referred to was collected here, and the call then waited forever.
    let bound: NodeJS.Timeout | undefined;
    const waited = new Promise<string>((resolve) => {
      bound = setTimeout(() => resolve('no deadline'), 5000);
    });
    for (let i = 0; i < 5; i++) {
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // node:http reports any abort of its signal so.
    expect(await Promise.race([outcome, waited])).toBe('AbortError');
    clearTimeout(bound);
  });
});
