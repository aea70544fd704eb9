import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { TextFrame, textFrameBytes } from '../../src/ws/text-frame.js';

/**
 * Frames written straight to the TCP socket of an upgraded connection, read by a real `ws` client:
 * each length class of the header (7, 16 and 64 bits), with multi-byte characters so that the
 * length counted is the bytes', not the characters'.
 */
describe('text frames framed once', () => {
  let http: Server;
  let client: WebSocket;
  let socket: Socket;
  const received: string[] = [];

  before(async () => {
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    http = createServer();
    const upgraded = new Promise<Socket>((resolve) => {
      http.on('upgrade', (request, raw: Socket, head) => wss.handleUpgrade(request, raw, head, () => resolve(raw)));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`, { perMessageDeflate: false });
    client.on('message', (data, isBinary) => {
      assert.equal(isBinary, false);
      received.push((data as Buffer).toString('utf8'));
    });
    socket = await upgraded;
  });

  after(async () => {
    client.terminate();
    await new Promise((resolve) => http.close(resolve));
  });

  const arrived = async (count: number): Promise<string[]> => {
    const until = performance.now() + 5000;
    while (received.length < count && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
    return received.splice(0, count);
  };

  it('carries every length of payload whole, in order', async () => {
    const texts = [
      '',
      'x'.repeat(125),
      'é'.repeat(63), // 126 bytes: the 16-bit length
      '€'.repeat(21_845), // 65,535 bytes
      '😀'.repeat(16_384), // 65,536 bytes: the 64-bit length
      `{"method":"depth_update","params":["${'é€😀'.repeat(10_000)}"]}`,
    ];
    for (const text of texts) socket.write(textFrameBytes(text));
    assert.deepEqual(await arrived(texts.length), texts);
  });

  it('a TextFrame is encoded once and its bytes go to every socket as they are', async () => {
    const frame = new TextFrame('{"id":null,"method":"trades_update","params":["BTC_USDT",[]]}');
    assert.equal(frame.bytes, frame.bytes);
    assert.deepEqual(frame.bytes, textFrameBytes(frame.text));
    socket.write(frame.bytes);
    socket.write(frame.bytes);
    assert.deepEqual(await arrived(2), [frame.text, frame.text]);
  });
});
