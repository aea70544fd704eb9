import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { renderError, type ErrorFamily, type ErrorName } from '@txc/sdk';
import { familyOf } from '../family.js';

const BY_FAMILY = {
  timeout: { public: 'publicRequestTimeout', private: 'privateRequestTimeout', admin: 'adminRequestTimeout' },
  headers: { public: 'publicHeadersTooLarge', private: 'privateHeadersTooLarge', admin: 'adminHeadersTooLarge' },
  malformed: { public: 'publicBadRequest', private: 'privateBadRequest', admin: 'adminBadRequest' },
} as const satisfies Record<string, Record<ErrorFamily, ErrorName>>;

const REQUEST_LINE = /^[A-Z]{1,16} (\S{1,4096}) HTTP\/1\.[01]\r?\n/;

/** The error a connection-level failure is, by Node's code. */
function kindOf(code: string | undefined): keyof typeof BY_FAMILY {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers';
  return 'malformed';
}

/** What Node keeps on a socket of its HTTP server: the response it is to send next, if any. */
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean; req?: { url?: string } } | null };

/**
 * Failures Node meets before Fastify sees a request (headers too large, a request that does not
 * arrive within the request timeout, unparsable HTTP) answer in the same body family as every
 * other error of their path: the path of the oldest request on the socket still unanswered (Node
 * keeps the response it is to send next on the socket until it ends; with requests pipelined behind
 * it, that is the one the client reads the error as the answer to), else the one its request line
 * names, else the public family. The connection is then closed. Nothing is recorded per request for
 * this: the socket already knows.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const e = error as Error & { code?: string; rawPacket?: Buffer };
  if (e.code === 'ECONNRESET' || socket.destroyed) return;
  const response = (socket as ServerSocket)._httpMessage;
  if (socket.writable && response?.headersSent !== true) {
    const url = response?.req?.url ?? REQUEST_LINE.exec(e.rawPacket?.toString('latin1') ?? '')?.[1] ?? '/';
    const name = BY_FAMILY[kindOf(e.code)][familyOf(url)];
    const { status, body } = renderError(name, { params: { detail: 'Malformed HTTP request.' } });
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}
