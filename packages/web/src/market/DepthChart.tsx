import type { StreamLevel } from '@txc/sdk';
import { addDecimal, plotValue } from '../ui/decimal.js';
import { depthWindow } from './depth-window.js';

const WIDTH = 400;
const HEIGHT = 140;

/** Cumulative amounts outward from the best price, summed exactly and only then turned into points. */
function cumulative(levels: StreamLevel[]): [number, number][] {
  let total = '0';
  return levels.map(([price, amount]) => {
    total = addDecimal(total, amount);
    return [plotValue(price), plotValue(total)];
  });
}

/**
 * The depth chart: bids' and asks' cumulative amounts as two stepped areas around the spread, over
 * the window of prices around the mid that {@link depthWindow} keeps; what lies beyond is only counted.
 */
export function DepthChart({ asks, bids }: { asks: StreamLevel[]; bids: StreamLevel[] }) {
  const shown = depthWindow(asks, bids);
  const a = cumulative(shown.asks.slice(0, 50));
  const b = cumulative(shown.bids.slice(0, 50));
  const all = [...a, ...b];
  if (all.length === 0) return <p className="muted">No orders in the book.</p>;
  const prices = all.map(([p]) => p);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const top = Math.max(...all.map(([, v]) => v));
  const x = (p: number) => (high === low ? WIDTH / 2 : ((p - low) / (high - low)) * WIDTH);
  const y = (v: number) => HEIGHT - (top === 0 ? 0 : (v / top) * (HEIGHT - 4));
  const path = (points: [number, number][]) =>
    points.length === 0
      ? ''
      : `M${x(points[0]![0])},${HEIGHT} ` +
        points.map(([p, v], i) => `${i === 0 ? '' : `H${x(p)} `}V${y(v)}`).join(' ') +
        ` V${HEIGHT} Z`;
  return (
    <>
      <svg
        className="depth-chart"
        data-testid="depth-chart"
        data-low={shown.low}
        data-high={shown.high}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Depth chart: cumulative bids and asks by price, from ${shown.low} to ${shown.high}`}
        preserveAspectRatio="none"
      >
        <path className="depth-bids" d={path(b)} />
        <path className="depth-asks" d={path(a)} />
      </svg>
      {shown.left > 0 && (
        <p className="muted depth-left" data-testid="depth-left">
          Not drawn: {shown.left === 1 ? '1 level' : `${shown.left} levels`} far from the mid price.
        </p>
      )}
    </>
  );
}
