import type { TxcClient } from '@txc/sdk';
import { WsTestClient } from './ws-client.js';

/** A socket authorized as the client's user (a fresh token from the REST endpoint, then `authorize`). */
export async function authorizedSocket(url: string, client: TxcClient): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(url);
  const { websocket_token: token } = await client.websocketToken();
  await ws.call('authorize', [token, 'public']);
  return ws;
}

/** The first push of `method` whose params match, received already or still to come. */
export async function pushWhere(
  ws: WsTestClient,
  method: string,
  match: (params: unknown) => boolean,
): Promise<unknown> {
  const seen = ws.pushes(method).find((p) => match(p.params));
  if (seen !== undefined) return seen.params;
  return (await ws.waitFor((f) => f.method === method && match(f.params))).params;
}
