import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { renderError, type ErrorFamily, type ErrorName } from '@txc/sdk';
import { familyOf } from '../family.js';

const BY_FAMILY = {
  timeout: { public: 'publicRequestTimeout', private: 'privateRequestTimeout', admin: 'adminRequestTimeout' },
  headers: { public: 'publicHeadersTooLarge', private: 'privateHeadersTooLarge', admin: 'adminHeadersTooLarge' },
  malformed: { public: 'publicBadRequest', private: 'privateBadRequest', admin: 'adminBadRequest' },
} as const satisfies Record<string, Record<ErrorFamily, ErrorName>>;

const HTTP_VERSION = /^HTTP\/1\.[01]$/;

/** The error a connection-level failure is, by Node's code. */
function kindOf(code: string | undefined): keyof typeof BY_FAMILY {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers';
  return 'malformed';
}

/**
 * What Node keeps on a socket of its HTTP server: the response it is to send next, if any, until
 * that response has finished (so also for a moment after it has ended).
 */
type ServerSocket = Socket & {
  _httpMessage?: { headersSent?: boolean; writableEnded?: boolean; req?: { url?: string } } | null;
};

/** A parse failure as Node reports it: the packet it was parsing, and how far into it it got. */
type ClientError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * The path of the last request line in what the parser read of `packet` before it failed: the
 * request it failed on, when its request line came in that packet. Line by line (a request line is
 * `METHOD PATH HTTP/1.x`), so that no packet makes the search slower than one pass over it.
 */
function failedRequestPath(packet: Buffer | undefined, bytesParsed: number | undefined): string | undefined {
  if (packet === undefined) return undefined;
  const lines = packet.toString('latin1', 0, bytesParsed ?? packet.length).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const words = (lines[i] ?? '').trimEnd().split(' ');
    // a header line's first word ends with a colon; a request line may follow a body without a line break
    if (words.length === 3 && HTTP_VERSION.test(words[2] ?? '') && !(words[0] ?? '').includes(':')) return words[1];
  }
  return undefined;
}

/**
 * Failures Node meets before Fastify sees a request (headers too large, a request that does not
 * arrive within the request timeout, unparsable HTTP) answer in the same body family as every
 * other error of their path: the path of the oldest request on the socket still unanswered (Node
 * keeps the response it is to send next on the socket; with requests pipelined behind it, that is
 * the one the client reads the error as the answer to), else the one the failed request's line
 * names (after an answered request on the same socket too), else the public family. The connection
 * is then closed. Nothing is recorded per request for this: the socket already knows.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const e = error as ClientError;
  if (e.code === 'ECONNRESET' || socket.destroyed) return;
  const kept = (socket as ServerSocket)._httpMessage;
  // a response that has ended answered an earlier request: the failure belongs to the next one
  const response = kept?.writableEnded === true ? undefined : kept;
  if (socket.writable && response?.headersSent !== true) {
    const url = response?.req?.url ?? failedRequestPath(e.rawPacket, e.bytesParsed) ?? '/';
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
