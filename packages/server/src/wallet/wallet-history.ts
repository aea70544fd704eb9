import { formatUnits, networkOf, type State } from '@txc/core';
import type { WalletTransaction } from '@txc/sdk';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../store/database.js';
import { CHAIN_FAMILIES } from './chains/index.js';
import { WALLET_STATUS } from './wallet-status.js';

export interface HistoryFilter {
  readonly user: string;
  readonly method?: number;
  readonly ticker?: string;
  readonly addresses?: readonly string[];
  readonly memo?: string;
  readonly uniqueId?: string;
  readonly statuses?: readonly number[];
  readonly limit: number;
  readonly offset: number;
}

type Row = Database['wallet_transactions'];
type Record_ = Static<typeof WalletTransaction>;

function record(row: Row, state: State): Record_ {
  const asset = state.assets.get(row.ticker);
  const precision = asset?.precision ?? 0;
  const show = (units: string): string => formatUnits(BigInt(units), precision);
  const createdAt = Math.floor(Number(row.created_at) / 1_000_000);
  const stored = row.details === null ? null : (JSON.parse(row.details) as Record<string, string>);
  const partial =
    stored === null
      ? null
      : {
          requestAmount: show(stored.requestAmount ?? '0'),
          processedAmount: show(stored.processedAmount ?? '0'),
          processedFee: show(stored.processedFee ?? '0'),
          normalizeTransaction: '',
        };
  const pending = row.status === WALLET_STATUS.pending;
  const required =
    asset === undefined || row.network === null ? null : (networkOf(asset, row.network)?.confirmations ?? null);
  return {
    address: row.address,
    uniqueId: row.unique_id,
    unique_id: row.unique_id,
    transactionId: row.transaction_id,
    transaction_id: row.transaction_id,
    createdAt,
    created_at: createdAt,
    currency: asset?.name ?? row.ticker,
    ticker: row.ticker,
    method: row.method === 2 ? 2 : 1,
    amount: show(row.amount),
    description: row.description ?? '',
    memo: row.memo ?? '',
    fee: show(row.fee),
    status: row.status,
    network: row.network,
    transactionHash: row.transaction_hash,
    transaction_hash: row.transaction_hash,
    centralized: false,
    details: { partial },
    // Reference §7.6: confirmations are shown only while a transaction is pending.
    ...(pending && required !== null ? { confirmations: { actual: 0, required } } : {}),
  };
}

/**
 * The spellings an address filter matches: as given, and the one spelling each chain it is valid on
 * records it in (an Ethereum address sent in lower case is recorded in its EIP-55 form).
 */
function recordedSpellings(addresses: readonly string[]): string[] {
  const out = new Set(addresses);
  for (const a of addresses)
    for (const f of CHAIN_FAMILIES.values()) if (f.isAddress(a)) out.add(f.canonicalAddress(a));
  return [...out];
}

/** Reference §7.6: the user's deposits and withdrawals matching the filter, newest first, and their total. */
export async function walletHistory(
  db: Kysely<Database>,
  state: State,
  f: HistoryFilter,
): Promise<{ total: number; records: Record_[] }> {
  // No address matches an empty list of them; SQL itself has no empty `in` list (PostgreSQL refuses one).
  if (f.addresses?.length === 0) return { total: 0, records: [] };
  let q = db.selectFrom('wallet_transactions').where('user_name', '=', f.user);
  if (f.method !== undefined) q = q.where('method', '=', f.method);
  if (f.ticker !== undefined) q = q.where('ticker', '=', f.ticker);
  if (f.addresses !== undefined) q = q.where('address', 'in', recordedSpellings(f.addresses));
  if (f.memo !== undefined) q = q.where('memo', '=', f.memo);
  if (f.uniqueId !== undefined) q = q.where('unique_id', '=', f.uniqueId);
  if (f.statuses !== undefined) q = q.where('status', 'in', [...f.statuses]);
  const counted = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('transaction_id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { total: Number(counted?.n ?? 0), records: rows.map((r) => record(r, state)) };
}
