import { codesHeld } from './codes.js';
import type { State } from './state.js';

export interface ConservationBreach {
  readonly ticker: string;
  /** Deposited − withdrawn. */
  readonly expected: bigint;
  /** Everything the venue holds for users and itself. */
  readonly held: bigint;
}

/**
 * Sums everything held per asset: users' accounts and holds (a collateral order's own part of its
 * hold; the part set aside in the lending pool is still the pool's), what open codes hold, the venue's own accounts, and
 * what perpetual positions have not settled: a long's basis is owed, a short's is due, and across a
 * market they cancel but for the PnL realized so far, so each counts as −basis or +basis.
 */
export function holdingsByAsset(state: State): Map<string, bigint> {
  const held = new Map<string, bigint>();
  const add = (ticker: string, amount: bigint): void => {
    held.set(ticker, (held.get(ticker) ?? 0n) + amount);
  };
  for (const user of state.users.values()) {
    for (const [t, v] of user.main) add(t, v);
    for (const [t, b] of user.spot) add(t, b.available + b.freeze);
    for (const [t, v] of user.collateral) add(t, v);
  }
  for (const o of state.trading.orders.values()) {
    const spec = state.markets.get(o.market);
    if (o.account !== 'collateral' || spec === undefined) continue;
    add(o.side === 'buy' ? spec.money : spec.stock, o.hold - (state.collateral.poolHolds.get(o.id) ?? 0n));
  }
  for (const account of state.collateral.accounts.values()) {
    for (const p of account.positions.values()) {
      const spec = state.markets.get(p.market);
      if (spec?.type === 'futures') add(spec.money, p.size > 0 ? -p.basis : p.basis);
    }
  }
  const l = state.ledger;
  for (const account of [l.fees, l.lendingPool, l.insuranceFund, l.pendingWithdrawals, codesHeld(state.codes)]) {
    for (const [t, v] of account) add(t, v);
  }
  return held;
}

/**
 * What collateral trading must keep true: the pool's reservations are the sum of what open orders
 * set aside and never exceed their holds; perpetual longs and shorts net to zero per market;
 * positions face their side and have a basis; loans and interest are never negative; OTO groups
 * point at open legs.
 */
export function collateralBreaches(state: State): string[] {
  const found: string[] = [];
  const c = state.collateral;
  const reserved = new Map<string, bigint>();
  for (const [id, v] of c.poolHolds) {
    const o = state.trading.orders.get(id);
    const spec = o === undefined ? undefined : state.markets.get(o.market);
    if (o === undefined || spec === undefined || v <= 0n || v > o.hold) {
      found.push(`poolHold/${id}`);
      continue;
    }
    const t = o.side === 'buy' ? spec.money : spec.stock;
    reserved.set(t, (reserved.get(t) ?? 0n) + v);
  }
  for (const t of new Set([...reserved.keys(), ...c.poolReserved.keys()])) {
    if ((reserved.get(t) ?? 0n) !== (c.poolReserved.get(t) ?? 0n)) found.push(`poolReserved/${t}`);
  }
  const net = new Map<string, number>();
  for (const [user, account] of c.accounts) {
    for (const p of account.positions.values()) {
      if (p.size === 0 || p.basis < 0n || (p.side === 'LONG' && p.size < 0) || (p.side === 'SHORT' && p.size > 0)) {
        found.push(`${user}/position/${p.market}/${p.side}`);
      }
      if (state.markets.get(p.market)?.type === 'futures') net.set(p.market, (net.get(p.market) ?? 0) + p.size);
    }
    for (const [market, loan] of account.loans) {
      if (loan.interest < 0n || [...loan.principal.values()].some((v) => v < 0n)) found.push(`${user}/loan/${market}`);
    }
  }
  for (const [market, n] of net) if (n !== 0) found.push(`${market}/net-size/${n}`);
  for (const [key, g] of state.ocos) {
    const legs = [state.trading.orders.get(g.limitId), state.trading.orders.get(g.stopId)];
    // a snapshot restores each key's copy of the group: the copies agree
    const whole = [g.id, g.limitId, g.stopId].every((id) => {
      const copy = state.ocos.get(id);
      return copy !== undefined && copy.id === g.id && copy.limitId === g.limitId && copy.stopId === g.stopId;
    });
    // a live group's legs are both open and untouched: one that traded or ended dissolves it
    if (!whole || legs.some((o) => o === undefined || o.finished !== null || o.dealStock !== 0 || o.activated !== 0))
      found.push(`oco/${g.id}/${key}`);
  }
  for (const g of c.otos.values()) {
    for (const id of [g.stopLossId, g.takeProfitId]) {
      if (id !== null && !state.trading.orders.has(id)) found.push(`oto/${g.id}/leg/${id}`);
    }
  }
  return found;
}

/** Every asset whose holdings differ from deposits minus withdrawals; empty when the books balance. */
export function conservationBreaches(state: State): ConservationBreach[] {
  const held = holdingsByAsset(state);
  const tickers = new Set([...held.keys(), ...state.ledger.deposited.keys(), ...state.ledger.withdrawn.keys()]);
  const breaches: ConservationBreach[] = [];
  for (const ticker of [...tickers].sort()) {
    const expected = (state.ledger.deposited.get(ticker) ?? 0n) - (state.ledger.withdrawn.get(ticker) ?? 0n);
    const h = held.get(ticker) ?? 0n;
    if (h !== expected) breaches.push({ ticker, expected, held: h });
  }
  return breaches;
}

/** Every (user, account, ticker) whose available balance is negative. */
export function negativeBalances(state: State): string[] {
  const found: string[] = [];
  for (const user of state.users.values()) {
    for (const [t, v] of user.main) if (v < 0n) found.push(`${user.name}/main/${t}`);
    for (const [t, b] of user.spot) {
      if (b.available < 0n || b.freeze < 0n) found.push(`${user.name}/spot/${t}`);
    }
    for (const [t, v] of user.collateral) if (v < 0n) found.push(`${user.name}/collateral/${t}`);
  }
  return found;
}

/** Every asset whose ledger.pendingWithdrawals differs from the sum of its pending withdrawals' debits. */
export function pendingWithdrawalBreaches(state: State): string[] {
  const sums = new Map<string, bigint>();
  for (const w of state.withdrawals.values()) sums.set(w.ticker, (sums.get(w.ticker) ?? 0n) + w.debit);
  const tickers = new Set([...sums.keys(), ...state.ledger.pendingWithdrawals.keys()]);
  return [...tickers].sort().filter((t) => (sums.get(t) ?? 0n) !== (state.ledger.pendingWithdrawals.get(t) ?? 0n));
}

/** Every market whose best bid is at or above its best ask. */
export function crossedBooks(state: State): string[] {
  const found: string[] = [];
  for (const [name, m] of state.trading.markets) {
    const bid = m.book.best('buy');
    const ask = m.book.best('sell');
    if (bid !== undefined && ask !== undefined && bid.price >= ask.price) found.push(name);
  }
  return found;
}

/** Every (user, ticker) whose spot freeze differs from what its open orders hold. */
export function holdMismatches(state: State): string[] {
  const held = new Map<string, bigint>();
  for (const o of state.trading.orders.values()) {
    const spec = state.markets.get(o.market);
    if (spec === undefined || o.account !== 'spot') continue;
    const key = `${o.user}/${o.side === 'buy' ? spec.money : spec.stock}`;
    held.set(key, (held.get(key) ?? 0n) + o.hold);
  }
  const found: string[] = [];
  for (const user of state.users.values()) {
    for (const [t, b] of user.spot) {
      const key = `${user.name}/${t}`;
      if ((held.get(key) ?? 0n) !== b.freeze) found.push(key);
      held.delete(key);
    }
  }
  for (const [key, v] of held) if (v !== 0n) found.push(key);
  return found;
}
