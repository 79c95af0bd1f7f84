// The baseline: a bare Fastify hello-world, started by the load benchmarks in the same run.
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/health', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
