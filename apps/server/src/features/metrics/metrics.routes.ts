import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackAddress } from '../../lib/client-address.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { Metrics } from './metrics.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every request by its route pattern (never the raw URL, which would explode the label
 * set) and serves the Prometheus text at /metrics: behind METRICS_TOKEN when one is set, else
 * to loopback clients only (404 to others, as for a route that is not there).
 */
export const metricsRoutes = (
  metrics: Metrics,
  token: string | undefined,
  /** Called for each 5xx answer too (the operator's daily count), from the same hook. */
  onServerError: () => void = () => {},
): FastifyPluginAsync =>
  fp(async (app) => {
    // One callback hook for both: an async one costs a promise per request on every route, and
    // each hook a step of Fastify's runner.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.observeRequest(request.method, route, status, reply.elapsedTime);
      if (status >= 500) onServerError();
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
        throw unauthorized('A metrics token is required');
      }
      // No token: this machine only. Both the peer and the client it forwards for (when a
      // proxy is trusted) must be loopback, so neither a proxy nor a forged header opens it.
      if (
        !token &&
        !(isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip))
      ) {
        throw notFound('Not found');
      }
      return reply.type(metrics.contentType).send(await metrics.render());
    });
  });
