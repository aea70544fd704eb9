import { rateToDecimal, type MarketSpec } from '@txc/core';
import { fundingFigures } from '../../market-data/futures-view.js';
import { marketsByName } from '../../market-data/public-views.js';
import type { Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { marketList, wholeUnsubscribe } from '../params.js';
import { invalidArgument, pushFrame } from '../protocol.js';
import { TextFrame } from '../text-frame.js';
import { wsSeconds } from '../wire.js';

/** Pushed this often, changed or not (websocket spec §6.9). */
const EVERY_MS = 500;

/** The funding rate's decimals on this stream (websocket spec §6.9: up to 16; REST shows all 18). */
const FUNDING_RATE_DECIMALS = 16;

/** A connection's scope: every perpetual (one frame listing all) or named ones (a frame each). */
type Scope = { readonly all: true } | { readonly all: false; readonly markets: readonly string[] };

function isPerpetual(spec: MarketSpec): boolean {
  return spec.type === 'futures';
}

/**
 * `premiumIndex` (websocket spec §6.9): each perpetual's mark price, index price, funding rate and
 * next funding time, every half second — the same figures as the REST futures listing, the funding
 * rate cut to the stream's 16 decimals. `[]` follows every perpetual in one frame of records; named
 * markets get a frame each with the server's time.
 */
export class PremiumIndexChannel implements Channel {
  readonly name = 'premiumIndex';
  readonly private = false;
  private readonly followers = new Map<WsConnection, Scope>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ctx: StreamContext) {
    this.timer = setInterval(() => this.tick(), EVERY_MS);
    this.timer.unref();
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    const specs = marketList(this.ctx.venue.state, params);
    const wrong = specs.find((s) => !isPerpetual(s));
    if (wrong !== undefined) throw invalidArgument(`market ${wrong.name} is not a perpetual`);
    const scope: Scope = params.length === 0 ? { all: true } : { all: false, markets: specs.map((s) => s.name) };
    this.followers.delete(conn);
    conn.subscriptions.set(this.name, scope);
    this.ctx.outbox.later(() => {
      if (!conn.closed && conn.subscriptions.get(this.name) === scope) this.followers.set(conn, scope);
    });
  }

  unsubscribe(conn: WsConnection, params: readonly unknown[]): void {
    wholeUnsubscribe(params);
    this.disconnect(conn);
  }

  disconnect(conn: WsConnection): void {
    this.followers.delete(conn);
    conn.subscriptions.delete(this.name);
  }

  onReset(): void {
    this.followers.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    if (this.followers.size === 0) return;
    const { state } = this.ctx.venue;
    const now = Math.max(this.ctx.venue.clock.nowMicros(), state.time);
    const records = new Map<string, unknown[]>();
    for (const spec of marketsByName(state).filter(isPerpetual)) {
      const funding = fundingFigures(state, spec, now);
      const nextFunding = Math.floor(funding.nextAt / 1_000_000);
      const fundingRate = rateToDecimal(funding.rate, FUNDING_RATE_DECIMALS);
      records.set(spec.name, [spec.name, funding.markPrice, funding.indexPrice, fundingRate, nextFunding]);
    }
    const all = new TextFrame(pushFrame('premiumIndex_update', jsonText([...records.values()])));
    const stamp = wsSeconds(now);
    const single = new Map<string, TextFrame>();
    for (const [market, record] of records) {
      single.set(market, new TextFrame(pushFrame('premiumIndex_update', jsonText([...record, stamp]))));
    }
    this.ctx.outbox.later(() => {
      for (const [conn, scope] of this.followers) {
        if (scope.all) conn.send(all);
        else {
          for (const market of scope.markets) {
            const text = single.get(market);
            if (text !== undefined) conn.send(text);
          }
        }
      }
    });
  }
}

export const premiumIndexChannel = (ctx: StreamContext): Channel => new PremiumIndexChannel(ctx);
