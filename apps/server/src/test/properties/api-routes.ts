import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './hostile-input.ts';

/** One endpoint as the OpenAPI document describes it. */
export interface ApiRoute {
  method: string;
  /** The path with `:name` parameters, as Fastify writes it. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  queryKeys: string[];
  body: JsonSchema | null;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function toRoute(template: string, method: string, operation: OpenApiOperation): ApiRoute {
  const parameters = operation.parameters ?? [];
  return {
    method: method.toUpperCase(),
    path: template.replace(/\{(\w+)\}/g, ':$1'),
    pathParams: Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
    ),
    queryKeys: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    body: operation.requestBody?.content?.['application/json']?.schema ?? null,
  };
}

/**
 * Every endpoint of the app, read from its own OpenAPI document, so a new route is covered
 * without editing the tests; `undocumentedApiRoutes` guards against a route hidden from it.
 */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  return Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => toRoute(template, method, operation)),
  );
}

/** `METHOD /path` for every route Fastify serves, read from its route tree. */
export function servedRoutes(app: FastifyInstance): string[] {
  const parents: string[] = [];
  const served: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) served.push(`${method} ${path}`);
  }
  return served;
}

/**
 * Served /api routes missing from the OpenAPI document. The docs UI is a third-party static
 * page, HEAD is Fastify's automatic twin of every GET (the properties send it too), and OPTIONS
 * is the CORS preflight for any path (the properties send that as well).
 */
export function undocumentedApiRoutes(served: string[], documented: ApiRoute[]): string[] {
  const known = new Set(documented.map((route) => `${route.method} ${route.path}`));
  return served.filter((route) => {
    const [method, path = ''] = route.split(' ');
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return false;
    if (method === 'HEAD' || method === 'OPTIONS') return false;
    return !known.has(route);
  });
}
