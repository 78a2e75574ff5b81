import Fastify from 'fastify';

/**
 * A bare Fastify route in a process of its own, as the yardstick for admin-ajax throughput:
 * the same framework and HTTP stack with nothing of Waymark's behind it.
 */
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ ok: true }));
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`bare route at ${url}\n`);
