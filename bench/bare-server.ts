/** The baseline of (a): a bare Fastify answering one fixed body, as the catalogue's bytes. */
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(process.argv[2]!);
const app = Fastify({ logger: false });
app.get('/api/ichiban-kuji-products', async (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(body),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ listening: `http://127.0.0.1:${address.port}` })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
