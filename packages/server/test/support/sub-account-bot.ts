import type { TxcClient } from '@txc/sdk';
import type { TestServer } from './test-server.js';

/** A sub-account's API key as its main account creates it. */
export interface SubAccountKey {
  readonly id: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

type SpotUpdate = [Record<string, { available: string; freeze: string }>];

/**
 * A spot sub-account of `main` (with `funds` USDT on its main balance), its type 1 key, and a
 * client signing with that key.
 */
export async function subAccountBot(
  server: TestServer,
  main: TxcClient,
  alias: string,
  funds?: string,
): Promise<{ sub: string; key: SubAccountKey; bot: TxcClient }> {
  const P = '/api/v4/sub-account';
  const permissions = { spotEnabled: true, collateralEnabled: false };
  const sub = (await main.privatePost<{ id: string }>(`${P}/create`, { alias, shareKyc: true, permissions })).id;
  if (funds !== undefined) {
    await main.privatePost(`${P}/transfer`, { id: sub, direction: 'main_to_sub', ticker: 'USDT', amount: funds });
  }
  const key = (await main.subAccountApiKeyCreate({ type: 1, subAccountId: sub, title: alias })) as SubAccountKey;
  return { sub, key, bot: server.client(key.apiKey, key.apiSecret) };
}

/** Moves `amount` USDT of the bot's main balance to its spot balance (a balanceSpot push). */
export const toSpot = (bot: TxcClient, amount: string): Promise<unknown> =>
  bot.transfer({ ticker: 'USDT', amount, from: 'main', to: 'spot' });

/** Matches a balanceSpot push whose USDT available is `available`. */
export const usdtIs =
  (available: string) =>
  (params: unknown): boolean =>
    (params as SpotUpdate)[0].USDT?.available === available;
