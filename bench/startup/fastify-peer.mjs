// The start-up peer: a Node process that imports Fastify, registers one route and listens on a
// port, as any Fastify server starts. Plain JavaScript run by node, as txc's compiled build is.
// With --exit it closes and exits once listening (the peer of `txc --version`); otherwise it prints
// {"url"} and serves until SIGTERM.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/v4/public/ping', (_request, reply) => reply.send(['pong']));
await app.listen({ host: '127.0.0.1', port: 0 });
if (process.argv.includes('--exit')) {
  await app.close();
} else {
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
