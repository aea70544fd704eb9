import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { renderError, type ErrorFamily, type ErrorName } from '@txc/sdk';
import { familyOf } from '../family.js';

const BY_FAMILY = {
  timeout: { public: 'publicRequestTimeout', private: 'privateRequestTimeout', admin: 'adminRequestTimeout' },
  headers: { public: 'publicHeadersTooLarge', private: 'privateHeadersTooLarge', admin: 'adminHeadersTooLarge' },
  malformed: { public: 'publicBadRequest', private: 'privateBadRequest', admin: 'adminBadRequest' },
} as const satisfies Record<string, Record<ErrorFamily, ErrorName>>;

/** A header line starts with its name and a colon (anchored: one pass over the line at most). */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/;

/**
 * The path of `line` if it is a request line, `METHOD PATH HTTP/1.x`, else undefined. The method may
 * follow the previous request's body on the same line (a body ends without a line break). Searched
 * from the end, without a regular expression that could backtrack over a long line.
 */
function requestLinePath(line: string): string | undefined {
  if (!line.endsWith(' HTTP/1.1') && !line.endsWith(' HTTP/1.0')) return undefined;
  const pathEnd = line.length - ' HTTP/1.x'.length;
  const pathStart = line.lastIndexOf(' ', pathEnd - 1) + 1;
  const methodEnd = line.charCodeAt(pathStart - 2);
  // a method ends in a capital letter just before the space
  if (pathStart === 0 || pathStart === pathEnd || !(methodEnd >= 65 && methodEnd <= 90)) return undefined;
  return HEADER_LINE.test(line) ? undefined : line.slice(pathStart, pathEnd);
}

/** The error a connection-level failure is, by Node's code. */
function kindOf(code: string | undefined): keyof typeof BY_FAMILY {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers';
  return 'malformed';
}

/** The response Node is to send next on a socket, with its request, as Node keeps it there. */
interface KeptResponse {
  readonly headersSent?: boolean;
  readonly req?: { readonly url?: string; readonly complete?: boolean };
  once(event: 'finish' | 'close', listener: () => void): void;
}

/**
 * What Node keeps on a socket of its HTTP server: the response it is to send next, if any, until
 * that response has finished. The responses of requests pipelined behind it wait where JavaScript
 * cannot reach them; each takes this place in turn when the one before it has finished.
 */
type ServerSocket = Socket & { _httpMessage?: KeptResponse | null };

/** A parse failure as Node reports it: the packet it was parsing, and how far into it it got. */
type ClientError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * The path of the last request line in what the parser read of `packet` before it failed: the
 * request it failed on, when its request line came in that packet. Line by line, so that no packet
 * makes the search slower than one pass over it.
 */
function failedRequestPath(packet: Buffer | undefined, bytesParsed: number | undefined): string | undefined {
  if (packet === undefined) return undefined;
  const lines = packet.toString('latin1', 0, bytesParsed ?? packet.length).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const path = requestLinePath((lines[i] ?? '').trimEnd());
    if (path !== undefined) return path;
  }
  return undefined;
}

/** Sockets whose failure is being answered: Node may report the same dead parser again. */
const failing = new WeakSet<Socket>();

/**
 * Failures Node meets before Fastify sees a request (headers too large, a request that does not
 * arrive within the request timeout, unparsable HTTP) answer in the same body family as every
 * other error of their path, after every complete request pipelined before the failed one has had
 * its own answer, as HTTP/1.1 answers requests in order: an order placed just before is answered
 * as placed, never with the error of the request behind it. The failed request's path is that of
 * the request whose arrival is in progress (when Node has read its headers), else the one its
 * request line names in the read Node failed on, else unknown (the public family). The connection
 * is then closed. Nothing is recorded per request for this: the socket already knows.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const e = error as ClientError;
  if (e.code === 'ECONNRESET' || socket.destroyed || failing.has(socket)) return;
  failing.add(socket);
  // nothing more is read from a connection whose parser failed
  socket.pause();
  const kind = kindOf(e.code);
  const line = failedRequestPath(e.rawPacket, e.bytesParsed);
  const answer = (url: string): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, body } = renderError(BY_FAMILY[kind][familyOf(url)], {
      params: { detail: 'Malformed HTTP request.' },
    });
    const text = JSON.stringify(body);
    // closed once the answer has left, behind whatever the earlier answers still had to send
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  };
  const next = (): void => {
    if (socket.destroyed) return;
    const kept = (socket as ServerSocket)._httpMessage;
    if (kept === undefined || kept === null) return answer(line ?? '/');
    // a request still arriving is the one that failed (Node parses one request at a time)
    if (kept.req?.complete === false && kept.headersSent !== true) return answer(kept.req.url ?? line ?? '/');
    // an earlier request: its answer goes first, then the next one takes its place on the socket
    let settled = false;
    const after = (): void => {
      if (settled) return;
      settled = true;
      next();
    };
    kept.once('finish', after);
    kept.once('close', after);
  };
  next();
}
