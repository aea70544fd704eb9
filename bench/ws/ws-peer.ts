import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The peer of the ws suite: a bare `ws` server on a plain Node HTTP server. For each POST /broadcast
 * one frame shaped like txc's `trades_update` of one trade (the price the POST names; the same size
 * as txc's) is serialized once and sent to every connection, as a `ws` broadcast is written, and the
 * POST is answered. Settings as txc's socket: no compression, no client tracking by ws.
 */
const sockets = new Set<WebSocket>();
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false });
let sequence = 0;
const answer = Buffer.from('{}');

function broadcast(price: string): void {
  const frame = JSON.stringify({
    id: null,
    method: 'trades_update',
    params: [
      'BTC_USDT',
      [{ id: ++sequence, time: Date.now() / 1000, price, amount: '0.001', type: 'buy', rpi: false }],
    ],
  });
  for (const socket of sockets) socket.send(frame);
}

function onPost(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    const { price } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { price?: string };
    // frames first, as txc sends a group commit's pushes before the REST answers of that commit
    broadcast(price ?? '30000.00');
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
    response.end(answer);
  });
}

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') return onPost(request, response);
  response.writeHead(404).end();
});
server.on('upgrade', (request, socket, head) => {
  if (request.url !== '/ws') return socket.destroy();
  wss.handleUpgrade(request, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => undefined);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
// the suite asks for a full collection before it reads the resident memory (node --expose-gc)
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
process.once('SIGTERM', () => {
  for (const socket of sockets) socket.terminate();
  server.close(() => process.exit(0));
});
