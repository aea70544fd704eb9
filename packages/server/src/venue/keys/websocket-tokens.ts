import type { State } from '@txc/core';
import type { PrivateEndpoint } from '@txc/sdk';
import { accountBlocked, mayCall, type ApiKeyRegistry } from './api-keys.js';
import type { SecretBox } from '../../secrets/secret-box.js';

/** How long a WebSocket token authorizes a socket after it is issued (docs/decisions.md, "WebSocket tokens"). */
export const WEBSOCKET_TOKEN_TTL_MS = 15 * 60_000;

/** What a token seals for: a value sealed for anything else (an API key secret) never opens as a token. */
const TOKEN_CONTEXT = 'txc/websocket-token';

/** Who a valid token authorizes. */
export interface TokenHolder {
  readonly user: string;
  readonly apiKey: string;
}

/**
 * Whether a key still admits a socket it authorized, from the socket's client address: `revoked`
 * once the key is, `addressRefused` when its IP allow-list does not allow the address (as REST
 * refuses the key's requests from there), `accountBlocked` while its sub-account is blocked or
 * deleted (as REST refuses the key then), `allowed` otherwise.
 */
export type KeyStanding = 'allowed' | 'revoked' | 'addressRefused' | 'accountBlocked';

interface TokenBody {
  readonly k: string;
  readonly e: number;
}

/**
 * Stateless WebSocket tokens: the API key and an expiry sealed under the master key (AES-GCM), so
 * that nothing is stored per token and no client can forge or alter one. A token is bound to its
 * key: once the key is revoked, its tokens no longer authorize, however fresh.
 */
export class WebsocketTokens {
  constructor(
    private readonly box: SecretBox,
    private readonly keys: ApiKeyRegistry,
  ) {}

  issue(apiKey: string, nowMs: number): string {
    const body: TokenBody = { k: apiKey, e: nowMs + WEBSOCKET_TOKEN_TTL_MS };
    return this.box.seal(JSON.stringify(body), TOKEN_CONTEXT);
  }

  /** The holder of a token that is genuine, unexpired and whose key is live; undefined otherwise. */
  verify(token: string, nowMs: number): TokenHolder | undefined {
    let body: unknown;
    try {
      body = JSON.parse(this.box.open(token, TOKEN_CONTEXT));
    } catch {
      return undefined;
    }
    if (typeof body !== 'object' || body === null) return undefined;
    const { k, e } = body as Partial<TokenBody>;
    if (typeof k !== 'string' || typeof e !== 'number' || e <= nowMs) return undefined;
    const entry = this.keys.get(k);
    if (entry === undefined || entry.record.revokedAt !== null) return undefined;
    return { user: entry.record.user, apiKey: k };
  }

  /**
   * Whether `apiKey`, as it stands now, may do over the socket what `endpoint` does over REST: its
   * permissions and a sub-account key's endpoint settings, read at each call, so that narrowing a key
   * holds for sockets it authorized before.
   */
  allowsCall(apiKey: string, endpoint: PrivateEndpoint): boolean {
    const entry = this.keys.get(apiKey);
    return entry !== undefined && entry.record.revokedAt === null && mayCall(entry, endpoint);
  }

  /**
   * Whether `apiKey`, as it stands now in `state`, admits a socket from `ip` (an unknown key stands
   * as revoked): the checks REST makes of the key before a signature (`keyRefusal`), in its order.
   */
  standing(apiKey: string, ip: string, state: State): KeyStanding {
    const entry = this.keys.get(apiKey);
    if (entry === undefined || entry.record.revokedAt !== null) return 'revoked';
    if (!entry.ips.allows(ip)) return 'addressRefused';
    return accountBlocked(state, entry.record.user) ? 'accountBlocked' : 'allowed';
  }
}
