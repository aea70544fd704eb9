import Fastify from 'fastify';

/** The peer: a bare Fastify route answering ["pong"], nothing else. */
const app = Fastify({ logger: false });
const pong = ['pong'];
app.get('/ping', (_request, reply) => reply.send(pong));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}` })}\n`,
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
