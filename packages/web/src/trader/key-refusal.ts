import { TxcError, type TxcClient } from '@txc/sdk';

/**
 * Whether an error says the key itself is refused (wrong, revoked, or disabled for this address or
 * account), so that nothing it signs could work: not a permission it lacks, which refuses one action.
 */
export function isKeyRefused(error: unknown): error is TxcError {
  return TxcError.is(error, 'unauthorized') || TxcError.is(error, 'keyDisabled');
}

/**
 * Signs one request with the key before the trader view opens on it: resolves when the API took the
 * key (an answer refusing a permission still takes it), rejects with the API's refusal otherwise.
 */
export async function checkKey(client: TxcClient): Promise<void> {
  try {
    await client.tradeBalances();
  } catch (e) {
    if (!(e instanceof TxcError) || isKeyRefused(e)) throw e;
  }
}
