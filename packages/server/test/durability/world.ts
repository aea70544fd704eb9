import { decodeJson, type Command, type State } from '@txc/core';
import type { Store } from '../../src/store/port.js';
import { finishedOrderOf } from '../../src/store/user-history.js';
import { loadState } from '../../src/venue/sequencer/load-state.js';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { foldJournal, type DealRow, type JournalModel } from './journal-model.js';

/** An order that left its book for good, as the finished_orders read model holds it. */
export interface FinishedOrder {
  readonly orderId: number;
  readonly user: string;
  readonly market: string;
  readonly clientOrderId: string;
  readonly status: string;
  /** Stops: 1 once triggered. */
  readonly activated: number;
}

/** A deposit or withdrawal of the wallet history. */
export interface WalletRow {
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string | null;
}

/** What a crashed venue's store holds, read by the test itself once the server is down. */
export interface World {
  /** The state rebuilt from the journal alone. */
  readonly state: State;
  readonly hash: string;
  readonly journal: readonly { readonly seq: number; readonly command: Command }[];
  readonly wallet: readonly WalletRow[];
  /** transaction_id of every wallet history row. */
  readonly walletTransactionIds: ReadonlySet<string>;
  readonly finished: readonly FinishedOrder[];
  readonly deals: readonly DealRow[];
  /** Every value a user's main balance of a ticker took along the journal (an independent model). */
  mainHistory(user: string, ticker: string): ReadonlySet<bigint>;
  /** The independent fold of the journal and the deal rows (see journal-model.ts). */
  readonly model: JournalModel;
  /** Journaled commands of one type that satisfy `match`. */
  count<T extends Command['type']>(type: T, match: (c: Extract<Command, { type: T }>) => boolean): number;
  /** Where an order with this client order id is now: open in the rebuilt state, finished, or nowhere. */
  orderByClientId(user: string, clientOrderId: string): OrderWhereabouts;
}

export type OrderWhereabouts =
  | { readonly where: 'open'; readonly orderId: number }
  | { readonly where: 'finished'; readonly orderId: number; readonly status: string }
  | { readonly where: 'nowhere' };

export async function loadWorld(store: Store): Promise<World> {
  const { state } = await loadState(store, { ignoreSnapshots: true });
  const journal: { seq: number; command: Command }[] = [];
  for (let after = 0; ;) {
    const page = await store.readJournal(after, 5000);
    if (page.length === 0) break;
    for (const e of page) journal.push({ seq: e.seq, command: decodeJson(e.command) as Command });
    after = page[page.length - 1]!.seq;
  }
  const walletRows = await store.db
    .selectFrom('wallet_transactions')
    .select(['transaction_id', 'user_name', 'unique_id'])
    .execute();
  const wallet = walletRows.map((r) => ({ transactionId: r.transaction_id, user: r.user_name, uniqueId: r.unique_id }));
  const finishedRows = await store.db
    .selectFrom('finished_orders')
    .select(['order_id', 'user_name', 'market', 'client_order_id', 'status', 'created', 'finished', 'data'])
    .execute();
  const finished = finishedRows.map((r) => ({
    orderId: Number(r.order_id),
    user: r.user_name,
    market: r.market,
    clientOrderId: r.client_order_id,
    status: r.status,
    activated: finishedOrderOf(r).activated,
  }));
  const dealRows = await store.db.selectFrom('deals').selectAll().orderBy('trade_id').orderBy('role').execute();
  const deals = dealRows.map((r) => ({
    tradeId: Number(r.trade_id),
    role: Number(r.role),
    market: r.market,
    user: r.user_name,
    account: r.account,
    orderId: Number(r.order_id),
    side: r.side,
    price: BigInt(r.price),
    lots: BigInt(r.lots),
    notional: BigInt(r.notional),
    fee: BigInt(r.fee),
  }));
  const key = (user: string, clientOrderId: string): string => `${user}\u0000${clientOrderId}`;
  const open = new Map<string, number>();
  for (const o of state.trading.orders.values())
    if (o.clientOrderId !== '') open.set(key(o.user, o.clientOrderId), o.id);
  const done = new Map(finished.filter((f) => f.clientOrderId !== '').map((f) => [key(f.user, f.clientOrderId), f]));
  const model = foldJournal(
    journal.map((j) => j.command),
    deals,
  );
  return {
    state,
    hash: stateHash(state),
    journal,
    wallet,
    walletTransactionIds: new Set(wallet.map((r) => r.transactionId)),
    finished,
    deals,
    mainHistory: (user, ticker) => model.mainHistory.get(`${user}|${ticker}`) ?? new Set([0n]),
    model,
    count(type, match) {
      let n = 0;
      for (const { command } of journal) if (command.type === type && match(command as never)) n++;
      return n;
    },
    // Client order ids of the crash traffic are unique per user across the run, open or finished.
    orderByClientId(user, clientOrderId) {
      const id = open.get(key(user, clientOrderId));
      if (id !== undefined) return { where: 'open', orderId: id };
      const f = done.get(key(user, clientOrderId));
      return f === undefined ? { where: 'nowhere' } : { where: 'finished', orderId: f.orderId, status: f.status };
    },
  };
}

/** The engine state's balances in the model's shape (zero balances left out). */
export function balancesOf(state: State): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const user of state.users.values()) {
    const accounts = new Map<string, bigint>();
    for (const [t, v] of user.main) if (v !== 0n) accounts.set(`main/${t}`, v);
    for (const [t, b] of user.spot)
      if (b.available + b.freeze !== 0n) accounts.set(`spot/${t}`, b.available + b.freeze);
    for (const [t, v] of user.collateral) if (v !== 0n) accounts.set(`collateral/${t}`, v);
    if (accounts.size > 0) out.set(user.name, accounts);
  }
  return out;
}

/** Without zero balances, for comparison with `balancesOf`. */
export function nonZero(model: ReadonlyMap<string, ReadonlyMap<string, bigint>>): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const [user, accounts] of model) {
    const kept = new Map([...accounts].filter(([, v]) => v !== 0n));
    if (kept.size > 0) out.set(user, kept);
  }
  return out;
}

/** A venue account without zero entries. */
export function nonZeroAccount(account: ReadonlyMap<string, bigint>): Map<string, bigint> {
  return new Map([...account].filter(([, v]) => v !== 0n));
}
