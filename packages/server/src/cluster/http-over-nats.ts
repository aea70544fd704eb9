import { headers as natsHeaders, type Msg, type MsgHdrs } from '@nats-io/transport-node';

/** Where a cluster's gateways send the requests its leader answers. */
export const httpSubject = (cluster: string): string => `txc.${cluster}.http`;
/**
 * Where the leader says which API key was created or changed (its allow-list, its settings), once
 * durable: gateways read the keys again, then check the key's sockets against it again.
 */
export const keyCreatedSubject = (cluster: string): string => `txc.${cluster}.keys.created`;
/** Where the leader says which API key was revoked: gateways forget it at once. */
export const keyRevokedSubject = (cluster: string): string => `txc.${cluster}.keys.revoked`;

/** An HTTP request as a gateway forwards it to the leader. */
export interface ForwardedRequest {
  readonly method: string;
  readonly url: string;
  /** The client's address, as the gateway saw it (its per-IP limits and key allow-lists apply there). */
  readonly ip: string;
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The gateway checked the request's signature. */
  readonly verified: boolean;
  /** When the gateway received it (ms; none from a gateway of an earlier version). */
  readonly receivedAt?: number;
  readonly body: Uint8Array;
}

export interface ForwardedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly body: Uint8Array;
}

/** Headers that belong to one connection, not to the request or answer carried over it. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export function endToEnd(
  all: Readonly<Record<string, string | string[] | number | undefined>>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

/** The request's line and headers travel in the message's headers, its body as the payload. */
export function encodeRequest(r: ForwardedRequest): { headers: MsgHdrs; data: Uint8Array } {
  const h = natsHeaders();
  h.set('method', r.method);
  h.set('url', r.url);
  h.set('ip', r.ip);
  h.set('verified', r.verified ? '1' : '0');
  if (r.receivedAt !== undefined) h.set('received', String(r.receivedAt));
  h.set('headers', JSON.stringify(r.headers));
  return { headers: h, data: r.body };
}

function receivedOf(text: string): { receivedAt?: number } {
  const ms = Number(text);
  return text !== '' && Number.isSafeInteger(ms) ? { receivedAt: ms } : {};
}

export function decodeRequest(msg: Msg): ForwardedRequest {
  const h = msg.headers!;
  return {
    method: h.get('method'),
    url: h.get('url'),
    ip: h.get('ip'),
    verified: h.get('verified') === '1',
    ...receivedOf(h.get('received')),
    headers: JSON.parse(h.get('headers')) as Record<string, string | string[]>,
    body: msg.data,
  };
}

export function encodeAnswer(a: ForwardedAnswer): { headers: MsgHdrs; data: Uint8Array } {
  const h = natsHeaders();
  h.set('status', String(a.status));
  h.set('headers', JSON.stringify(a.headers));
  return { headers: h, data: a.body };
}

export function decodeAnswer(msg: Msg): ForwardedAnswer {
  const h = msg.headers!;
  return {
    status: Number(h.get('status')),
    headers: JSON.parse(h.get('headers')) as Record<string, string | string[]>,
    body: msg.data,
  };
}
