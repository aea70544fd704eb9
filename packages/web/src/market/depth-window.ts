import type { StreamLevel } from '@txc/sdk';
import { addDecimal, compareDecimal, multiplyDecimal, subtractDecimal } from '../ui/decimal.js';

/**
 * How far from the mid price the depth chart reaches, as a share of it on each side. An ordinary
 * book sits well inside ±10 % (the sandbox's maker quotes within 2 %, and exchanges' depth charts
 * open on a range of that order), where its orders may trade soon; one order further out (a stub
 * quote, a bid at 1) would otherwise set the scale and squash every other level into a sliver. The
 * book table still lists it.
 */
const REACH = '0.1';

export interface DepthWindow {
  /** The levels drawn of each side, best first. */
  readonly asks: StreamLevel[];
  readonly bids: StreamLevel[];
  /** The prices the window spans, exactly. */
  readonly low: string;
  readonly high: string;
  /** Levels left out, beyond the window. */
  readonly left: number;
}

/**
 * The part of a book the depth chart draws: the levels within {@link REACH} of the mid price (of the
 * best price when one side is empty), and never less than the spread on each side of the mid, so
 * that a thin book with a wide spread still shows its best levels. Exact decimals throughout: which
 * levels are in is decided on the prices as the API wrote them.
 */
export function depthWindow(asks: StreamLevel[], bids: StreamLevel[]): DepthWindow {
  const bestAsk = asks[0]?.[0];
  const bestBid = bids[0]?.[0];
  if (bestAsk === undefined && bestBid === undefined) return { asks: [], bids: [], low: '0', high: '0', left: 0 };
  // twice the mid and the spread, so that no division is needed: a lone side's best is its own mid
  const twiceMid = addDecimal(bestAsk ?? bestBid ?? '0', bestBid ?? bestAsk ?? '0');
  const spread = bestAsk !== undefined && bestBid !== undefined ? subtractDecimal(bestAsk, bestBid) : '0';
  const byShare = multiplyDecimal(twiceMid, REACH);
  const bySpread = multiplyDecimal(spread, '2');
  const twiceReach = compareDecimal(byShare, bySpread) >= 0 ? byShare : bySpread;
  const low = multiplyDecimal(subtractDecimal(twiceMid, twiceReach), '0.5');
  const high = multiplyDecimal(addDecimal(twiceMid, twiceReach), '0.5');
  // each side is ordered outward from the spread: it is cut at its first level out of reach
  const shownAsks = asks.slice(
    0,
    cut(asks, (price) => compareDecimal(price, high) <= 0),
  );
  const shownBids = bids.slice(
    0,
    cut(bids, (price) => compareDecimal(price, low) >= 0),
  );
  return {
    asks: shownAsks,
    bids: shownBids,
    low,
    high,
    left: asks.length - shownAsks.length + bids.length - shownBids.length,
  };
}

/** How many levels from the best are within reach. */
function cut(levels: StreamLevel[], within: (price: string) => boolean): number {
  const out = levels.findIndex(([price]) => !within(price));
  return out < 0 ? levels.length : out;
}
