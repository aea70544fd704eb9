import type { DealParty, State, TradeExecuted } from '@txc/core';
import { counterOrdersOf } from '../../account-views/deal-counter-orders.js';
import { dealFigures } from '../../account-views/deal-figures.js';
import type { DealsTable } from '../../store/database.js';
import { userDeals } from '../../store/user-history.js';
import { dealRecord, ROLE_MAKER, ROLE_TAKER } from '../../venue/projection/projector.js';
import type { AppliedCommand, Channel, StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { jsonText } from '../json-text.js';
import { atMost, marketParam, pageParams } from '../params.js';
import { pushFrame } from '../protocol.js';
import { wsSeconds } from '../wire.js';
import { AccountChannel } from './account-channel.js';
import { userOf } from './account-followers.js';
import { inSet, nestedMarkets, type MarketSet } from './market-set.js';
import { SIDE_CODE } from './order-object.js';
import { FramesPerCommit } from './frames-per-commit.js';
import { PUSH_RANK } from './per-commit.js';

/** A deal as `deals_update` pushes it (websocket spec §7.6): the 11-element tuple, REST's figures. */
function dealTuple(state: State, row: DealsTable): unknown[] {
  const f = dealFigures(state, row);
  const side = row.side === 'sell' ? SIDE_CODE.sell : SIDE_CODE.buy;
  return [
    row.trade_id,
    wsSeconds(row.time),
    row.market,
    row.order_id,
    f.price,
    f.amount,
    f.fee,
    row.client_order_id,
    side,
    row.role,
    f.feeAsset,
  ];
}

/** A deal as `deals_request` answers it. */
function dealObject(state: State, row: DealsTable, counterOrder: number): Record<string, unknown> {
  const f = dealFigures(state, row);
  return {
    time: wsSeconds(Number(row.time)),
    id: Number(row.trade_id),
    side: row.side === 'sell' ? SIDE_CODE.sell : SIDE_CODE.buy,
    role: Number(row.role),
    price: f.price,
    amount: f.amount,
    deal: f.deal,
    fee: f.fee,
    order_id: Number(row.order_id),
    deal_order_id: counterOrder,
    market: row.market,
    client_order_id: row.client_order_id,
    fee_asset: f.feeAsset,
  };
}

/**
 * `deals` (websocket spec §7.6): the account's own trades, one `deals_update` a fill, on the markets
 * subscribed (`[[…]]` nested; `[[]]`: all) once the commit is durable. `_request` pages one market's
 * deals, newest first, from the same history REST reads.
 */
export class DealsChannel extends AccountChannel<MarketSet> {
  readonly oneShot = 'request';
  private readonly frames: FramesPerCommit<MarketSet, string>;

  constructor(ctx: StreamContext) {
    super('deals', ctx);
    this.frames = new FramesPerCommit(ctx.outbox, this.followers, inSet, PUSH_RANK.deals);
  }

  async request(conn: WsConnection, params: readonly unknown[]): Promise<unknown> {
    atMost(params, 3);
    const { state } = this.ctx.venue;
    const spec = marketParam(state, params[0]);
    const { offset, limit } = pageParams(params);
    const { rows, counterOrderOf } = await this.ctx.reads.read(conn, async (store) => {
      const page = await (
        await userDeals(store, userOf(conn))
      )
        .where('market', '=', spec.name)
        .orderBy('trade_id', 'desc')
        .orderBy('role', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: page, counterOrderOf: await counterOrdersOf(store.db, page) };
    });
    const records = rows.map((r) => dealObject(state, r, counterOrderOf(r)));
    return { limit, offset, records };
  }

  subscribe(conn: WsConnection, params: readonly unknown[]): void {
    atMost(params, 1);
    this.followers.follow(conn, nestedMarkets(this.ctx.venue.state, params[0]));
    this.frames.cut();
  }

  onCommand({ events }: AppliedCommand): void {
    if (this.followers.empty) return;
    const { state } = this.ctx.venue;
    for (const e of events) {
      if (e.type !== 'TradeExecuted') continue;
      this.add(state, e, e.maker, e.makerFee, ROLE_MAKER);
      this.add(state, e, e.taker, e.takerFee, ROLE_TAKER);
    }
  }

  protected forgetAll(): void {
    this.frames.cut();
  }

  private add(state: State, e: TradeExecuted, party: DealParty, fee: bigint, role: number): void {
    if (!this.followers.wants(party.user)) return;
    const text = pushFrame('deals_update', jsonText(dealTuple(state, dealRecord(e, party, fee, role))));
    this.frames.push(party.user, e.market, text);
  }
}

export const dealsChannel = (ctx: StreamContext): Channel => new DealsChannel(ctx);
