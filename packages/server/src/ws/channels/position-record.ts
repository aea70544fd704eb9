import {
  accountFigures,
  accountView,
  positionValue,
  type AccountFigures,
  type LiquidationState,
  type Position,
  type State,
} from '@txc/core';
import { positionBody, usdtText } from '../../account-views/collateral-views.js';
import { wsSeconds } from '../wire.js';

/**
 * A position as the margin streams show it (websocket spec §7.7), every figure the one REST's open
 * positions answer; `amount_in_money` is its value at the mark price. `stage` overrides the
 * account's liquidation stage (a liquidation event says `liquidation`).
 */
export function positionRecord(
  state: State,
  user: string,
  pos: Position,
  f: AccountFigures,
  now: number,
  stage?: LiquidationState,
): Record<string, unknown> {
  const body = positionBody(state, user, pos, f, now);
  const spec = state.markets.get(pos.market);
  const value = spec === undefined ? undefined : positionValue(state, spec, pos, false);
  return {
    id: pos.id,
    market: pos.market,
    ctime: wsSeconds(pos.openedAt),
    mtime: wsSeconds(pos.modifiedAt),
    amount: body.amount,
    amount_in_money: usdtText(value ?? 0n, false),
    base_price: body.basePrice,
    pnl: body.pnl,
    liq_price: pos.size === 0 ? null : body.liquidationPrice,
    liq_stage: stage === undefined ? body.liquidationState : stage,
    unrealized_funding: body.unrealizedFunding,
    funding: body.funding,
    margin: body.margin,
    free_margin: body.freeMargin,
    realized_pnl: body.realizedPnl,
    position_side: body.positionSide,
  };
}

/** Every open position of the account, oldest first. */
export function positionRecords(state: State, user: string, now: number, stage?: LiquidationState): unknown[] {
  const f = accountFigures(state, user, now);
  return [...accountView(state, user).positions.values()]
    .sort((a, b) => a.id - b.id)
    .map((p) => positionRecord(state, user, p, f, now, stage));
}
