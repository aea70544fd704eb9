import { collateralBalanceRows, type CollateralBalanceRow } from '../../account-views/collateral-balances.js';
import { readTime } from '../../account-views/collateral-views.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { pushFrame } from '../protocol.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { ChangedFrames } from './changed-frames.js';
import { assetList } from './asset-list.js';

/** How often changed balances are pushed (websocket spec §7.3). */
const EVERY_MS = 1500;

/** A subscription's assets; null: every asset. */
type Assets = ReadonlySet<string> | null;

/** A row as `balanceMargin_request` answers it (the long names). */
function longRow(row: CollateralBalanceRow): Record<string, string> {
  return {
    balance: row.balance,
    borrow: row.borrow,
    available_without_borrow: row.availableWithoutBorrow,
    available_with_borrow: row.availableWithBorrow,
  };
}

/** A row as `balanceMargin_update` pushes it (the short keys). */
function shortRow(row: CollateralBalanceRow): Record<string, string> {
  return { a: row.asset, B: row.balance, b: row.borrow, av: row.availableWithoutBorrow, ab: row.availableWithBorrow };
}

/**
 * `balanceMargin` (websocket spec §7.3): the collateral account's balances with the figures of
 * REST's collateral-account/balance-summary (balance, borrow, available without and with
 * borrowing). `_request` answers the assets named (`[]`: every asset collateral trading uses). A
 * subscription receives every 1.5 s the assets whose figures changed since the last push (what
 * may be borrowed moves with prices and interest, not only with the account's own commands), one
 * asset a frame; no snapshot on subscribe.
 */
export class BalanceMarginChannel extends AccountChannel<Assets> {
  readonly oneShot = 'request';
  /** The figures last pushed (or current at the first subscribe), per user and asset, as frame text. */
  private readonly shown: ChangedFrames<Assets>;

  constructor(ctx: StreamContext) {
    super('balanceMargin', ctx);
    const accepts = (assets: Assets, asset: string): boolean => assets === null || assets.has(asset);
    this.shown = new ChangedFrames(ctx.outbox, this.followers, EVERY_MS, (user) => this.frames(user), accepts);
  }

  request(conn: WsConnection, params: readonly unknown[]): unknown {
    const assets = assetList(this.ctx.venue.state, params);
    const user = userOf(conn);
    const rows = assets.length === 0 ? this.rows(user) : assets.flatMap((t) => this.rows(user, t));
    return Object.fromEntries(rows.map((r) => [r.asset, longRow(r)]));
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    const assets = assetList(this.ctx.venue.state, params);
    const user = userOf(conn);
    // pushes are changes from what the account holds now
    this.shown.showing(user, () => this.frames(user));
    this.followers.follow(conn, assets.length === 0 ? null : new Set(assets));
  }

  protected forgetAll(): void {
    this.shown.clear();
  }

  stop(): void {
    this.shown.stop();
  }

  /** Every asset collateral trading uses, or the one named (zeros included). */
  private rows(user: string, ticker?: string): CollateralBalanceRow[] {
    const { state } = this.ctx.venue;
    const now = readTime(state, this.ctx.venue.clock.nowMicros());
    return collateralBalanceRows(state, user, now, ticker);
  }

  private frames(user: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const row of this.rows(user)) out.set(row.asset, pushFrame('balanceMargin_update', jsonText([shortRow(row)])));
    return out;
  }
}

export const balanceMarginChannel = (ctx: StreamContext): Channel => new BalanceMarginChannel(ctx);
