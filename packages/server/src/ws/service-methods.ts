import type { VenueView } from '../venue/venue-view.js';
import type { Authorization, WsConnection } from './connection.js';
import type { MethodTable } from './method.js';
import { atMost, stringParam } from './params.js';
import { invalidArgument, SUCCESS } from './protocol.js';

/** The scopes `authorize` accepts: the docs' constant, and the empty string of an older example. */
const SCOPES: readonly string[] = ['public', ''];

/** What `authorize` needs of the hub: to index the connection under its key (revocation closes it). */
export interface AuthorizeTarget {
  bind(conn: WsConnection, auth: Authorization): void;
}

/**
 * `ping`, `time` (websocket spec §6.1) and `authorize` (§5.2). A failed authorize is code 1, as the
 * authentication page shows (docs/decisions.md, "WebSocket authorize"): a token whose key's IP
 * allow-list does not allow the socket's address, or whose sub-account is blocked or deleted, is
 * refused too. Authorizing again with a token of the same user rebinds the connection to that
 * token's key; another user's token on an authorized connection is refused and the connection
 * stays what it was.
 */
export function serviceMethods(venue: VenueView, target: AuthorizeTarget): MethodTable {
  return {
    ping: { private: false, readsState: false, handle: () => 'pong' },
    time: { private: false, readsState: false, handle: () => Math.floor(venue.clock.nowMs() / 1000) },
    authorize: {
      private: false,
      readsState: false,
      handle(conn, params) {
        atMost(params, 2);
        const token = stringParam(params[0], 'token');
        const scope = params[1] ?? 'public';
        if (typeof scope !== 'string' || !SCOPES.includes(scope)) throw invalidArgument('scope must be "public"');
        const holder = venue.websocketTokens.verify(token, venue.clock.nowMs());
        if (holder === undefined) throw invalidArgument('token is invalid or expired');
        // a token is no way around what REST checks of its key: the allow-list, a blocked sub-account
        const standing = venue.websocketTokens.standing(holder.apiKey, conn.ip, venue.state);
        if (standing === 'addressRefused') throw invalidArgument('the API key does not allow this address');
        if (standing === 'accountBlocked') throw invalidArgument('the sub-account is blocked or deleted');
        if (standing !== 'allowed') throw invalidArgument('token is invalid or expired');
        if (conn.auth !== undefined && conn.auth.user !== holder.user) {
          throw invalidArgument('the connection is authorized for another user');
        }
        target.bind(conn, holder);
        return SUCCESS;
      },
    },
  };
}
