import { AdlQueues } from '@txc/core';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam, wholeUnsubscribe } from '../params.js';
import { invalidArgument, pushFrame } from '../protocol.js';

/** Pushed this often, changed or not (websocket spec §7.11). */
export const ADL_QUANTILE_PERIOD_MS = 30_000;

/** `[market, quantile_long, quantile_short]`. */
type Row = readonly [string, number | null, number | null];

/** One connection's subscription, and what it was last shown. */
interface Follow {
  readonly user: string;
  /** The one perpetual named, or every perpetual where the account holds a position. */
  readonly market: string | undefined;
  /** The rows last queued for it, as JSON: a push goes out when they change. */
  shown: string;
  /** The markets those rows named: one that leaves is shown once more with nulls. */
  markets: readonly string[];
}

/**
 * `ADLQuantile` (websocket spec §7.11): the account's auto-deleveraging quantiles, 0–4 per side, on
 * every perpetual where it holds a position (`[]`) or on one (`[market]`, nulls without a position).
 * The current rows follow the answer; after that a push goes out when a group commit changed them,
 * and every 30 s regardless (docs/decisions.md, "WebSocket ADL quantile"). The queues are ranked
 * at most once per turn of the event loop for all subscribers together (AdlQueues), not once per
 * command and subscriber; what a push shows was read off the state right then and is sent once that
 * state is durable.
 */
export class AdlQuantileChannel implements Channel {
  readonly name = 'ADLQuantile';
  readonly private = true;
  private readonly followers = new Map<WsConnection, Follow>();
  private readonly timer: NodeJS.Timeout;
  private refresh: NodeJS.Immediate | undefined;

  constructor(
    private readonly ctx: StreamContext,
    periodMs = ADL_QUANTILE_PERIOD_MS,
  ) {
    this.timer = setInterval(() => this.push(true), periodMs);
    this.timer.unref();
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 1);
    const { state } = this.ctx.venue;
    const spec = params.length === 0 ? undefined : marketParam(state, params[0]);
    if (spec !== undefined && spec.type !== 'futures') throw invalidArgument(`market ${spec.name} is not a perpetual`);
    const user = conn.auth?.user ?? '';
    const follow: Follow = { user, market: spec?.name, shown: '', markets: [] };
    conn.subscriptions.set(this.name, follow);
    this.followers.set(conn, follow);
    this.show(conn, follow, this.rows(new AdlQueues(state, this.now()), follow), true);
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    wholeUnsubscribe(params);
    this.disconnect(conn);
  }

  disconnect(conn: WsConnection): void {
    this.followers.delete(conn);
    conn.subscriptions.delete(this.name);
  }

  /** Any command may move a quantile (a price, a position, an account's equity): look again once this turn ends. */
  onCommand(): void {
    if (this.followers.size === 0 || this.refresh !== undefined) return;
    this.refresh = setImmediate(() => {
      this.refresh = undefined;
      this.push(false);
    });
  }

  onReset(): void {
    this.followers.clear();
    this.cancelRefresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.cancelRefresh();
  }

  /** Every follower's rows now: to all of them (`always`), or to those whose rows changed. */
  private push(always: boolean): void {
    if (this.followers.size === 0) return;
    const queues = new AdlQueues(this.ctx.venue.state, this.now());
    for (const [conn, follow] of this.followers) this.show(conn, follow, this.rows(queues, follow), always);
  }

  /** The account's rows in its scope; a market named stays listed without a position. */
  private rows(queues: AdlQueues, follow: Follow): Row[] {
    const rows: Row[] = queues.quantiles(follow.user, follow.market).map((q) => [q.market, q.long, q.short]);
    if (follow.market !== undefined && rows.length === 0) rows.push([follow.market, null, null]);
    return rows;
  }

  /**
   * Queues `rows` for the connection, behind every push queued before (it starts receiving in journal
   * order), unless they are the rows it was last shown and `always` is false. A market the previous
   * push named and these rows do not (its position closed) is listed once more with nulls, so that a
   * client keeping rows by market learns it is gone.
   */
  private show(conn: WsConnection, follow: Follow, rows: Row[], always: boolean): void {
    const shown = jsonText(rows);
    if (!always && shown === follow.shown) return;
    const markets = rows.map(([market]) => market);
    const gone: Row[] = follow.markets.filter((m) => !markets.includes(m)).map((m) => [m, null, null]);
    follow.shown = shown;
    follow.markets = markets;
    const text = pushFrame(`${this.name}_update`, gone.length === 0 ? shown : jsonText([...rows, ...gone]));
    this.ctx.outbox.later(() => {
      if (!conn.closed && conn.subscriptions.get(this.name) === follow) conn.send(text);
    });
  }

  private now(): number {
    return Math.max(this.ctx.venue.clock.nowMicros(), this.ctx.venue.state.time);
  }

  private cancelRefresh(): void {
    if (this.refresh !== undefined) clearImmediate(this.refresh);
    this.refresh = undefined;
  }
}

export const adlQuantileChannel = (ctx: StreamContext): Channel => new AdlQuantileChannel(ctx);
