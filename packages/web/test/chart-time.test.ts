import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ChartTimeline, localChartTime } from '../src/market/chart-time.js';

/** Unix seconds of a UTC reading. */
const utc = (text: string): number => Date.parse(`${text}Z`) / 1000;

describe('candle times on the chart read as local time', () => {
  const zone = process.env.TZ;
  // Node reads TZ again whenever it is set: these instants are read as a Berliner would
  before(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  after(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("an instant's chart time is its local reading, with the offset of its own date", () => {
    assert.equal(localChartTime(utc('2026-01-15T10:00:00')), utc('2026-01-15T11:00:00'));
    assert.equal(localChartTime(utc('2026-07-15T10:00:00')), utc('2026-07-15T12:00:00'));
  });

  it('the hour that comes twice when the clocks go back still gives increasing times, in order', () => {
    const timeline = new ChartTimeline();
    // 2026-10-25: 03:00 CEST is 02:00 CET, at 01:00 UTC
    const minutes = Array.from({ length: 150 }, (_, i) => utc('2026-10-25T00:00:00') + i * 60);
    const times = minutes.map((t) => timeline.at(t));
    for (let i = 1; i < times.length; i++) assert.ok(times[i]! > times[i - 1]!, `bar ${i}`);
    // before the change and once the repeated hour is over, every bar reads its local time
    assert.equal(times[0], utc('2026-10-25T02:00:00'));
    assert.equal(times[149], localChartTime(minutes[149]!));
    assert.equal(times[149], utc('2026-10-25T03:29:00'));
  });

  it('the live candle met again keeps its time', () => {
    const timeline = new ChartTimeline();
    const t = utc('2026-03-01T12:34:00');
    assert.equal(timeline.at(t), timeline.at(t));
  });
});
