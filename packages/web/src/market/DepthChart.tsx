import type { StreamLevel } from '@txc/sdk';
import { addDecimal, plotValue } from '../ui/decimal.js';

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

/** The depth chart: bids' and asks' cumulative amounts as two stepped areas around the spread. */
export function DepthChart({ asks, bids }: { asks: StreamLevel[]; bids: StreamLevel[] }) {
  const a = cumulative(asks.slice(0, 50));
  const b = cumulative(bids.slice(0, 50));
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
    <svg
      className="depth-chart"
      data-testid="depth-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="Depth chart: cumulative bids and asks by price"
      preserveAspectRatio="none"
    >
      <path className="depth-bids" d={path(b)} />
      <path className="depth-asks" d={path(a)} />
    </svg>
  );
}
