import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OpenPosition, TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, ledger, text, units } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';
import { RECHECK_MS } from '../../../src/jobs/liquidation-watcher.js';
import { tempDirs } from '../../support/temp-dirs.js';
import { txc } from '../../support/txc-cli.js';

const micro = (v: string): bigint => units(v, 6);

async function setIndex(server: TestServer, ticker: string, price: string): Promise<void> {
  const r = await server.admin('POST', '/admin/v1/index-prices', { ticker, price });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

/** Polls until `check` holds (the watcher acts after the command that moved the price), at most 5 s. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 50 && !check(v); i++) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

/** A long of 0.1 BTC_PERP at 60 000 on 1 000 USDT (996.7 after the taker fee), dave short against it. */
async function longOnThinMargin(server: TestServer, name: string, dave: TxcClient): Promise<TxcClient> {
  const trader = await collateralTrader(server, name, { USDT: '1000' });
  await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
  await trader.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
  assert.deepEqual(await trader.collateralBalance(), { USDT: '996.7' });
  return trader;
}

/** A venue where `name` holds that long, and erin bids for 0.1 BTC_PERP at `bid`: where a liquidation sells. */
async function thinLongWithBid(name: string, bid: string): Promise<{ server: TestServer; trader: TxcClient }> {
  const server = await collateralServer();
  const dave = await collateralTrader(server, 'dave', { USDT: '100000' });
  const trader = await longOnThinMargin(server, name, dave);
  const erin = await collateralTrader(server, 'erin', { USDT: '100000' });
  await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: bid });
  return { server, trader };
}

describe('liquidation through the API: the watcher acts where positions/open says', () => {
  let server: TestServer;
  let carol: TxcClient;

  before(async () => {
    ({ server, trader: carol } = await thinLongWithBid('carol', '51000'));
  });
  after(() => server.stop());

  it('a price just above the liquidation price leaves the position; just below closes it at market', async () => {
    const [position] = await carol.openPositions();
    // equity 996.7 + 0.1 (P − 60 000) meets 0.003 P at P = 5 003.3 / 0.097
    assert.equal(position?.liquidationPrice, '51580.412371');
    const price = micro(position?.liquidationPrice ?? '0');
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '40000' });

    await setIndex(server, 'BTC', text(price + micro('0.5'), 6));
    await new Promise((r) => setTimeout(r, 300));
    const [still] = await carol.openPositions();
    assert.equal(still?.amount, '0.1');
    assert.equal(still?.liquidationState, 'margin_call');

    await setIndex(server, 'BTC', text(price - micro('0.5'), 6));
    const left = await eventually(
      () => carol.openPositions(),
      (p: OpenPosition[]) => p.length === 0,
    );
    assert.deepEqual(left, []);
    assert.deepEqual(await carol.activeOrders({ market: 'BTC_PERP' }), []);
    // sold at erin's 51 000: −900 and a 2.805 taker fee leave 93.895, all of it the clearance fee
    assert.deepEqual(await carol.collateralBalance(), {});
    assert.equal((await ledger(server)).insuranceFund.USDT, '93.895');
    const [history] = await carol.positionHistory();
    assert.deepEqual([history?.amount, history?.orderDetail.price], ['0', '51000']);
  });
});

describe('auto-deleveraging through the API: what no bid can take closes against the opposite position', () => {
  const dir = tempDirs('txc-adl-')();
  let server: TestServer;
  let gina: TxcClient;
  let dave: TxcClient;
  let erin: TxcClient;

  before(async () => {
    server = await collateralServer({ database: 'sqlite' }, undefined, dir);
    dave = await collateralTrader(server, 'dave', { USDT: '100000' });
    gina = await longOnThinMargin(server, 'gina', dave);
    erin = await collateralTrader(server, 'erin', { USDT: '100000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '45000' });
  });
  after(() => server.stop());

  it('each position shows its ADL quantile; gina is closed against dave at her bankruptcy price', async () => {
    const [long] = await gina.openPositions();
    const [short] = await dave.openPositions();
    // alone on their side, each is first in line: quantile 4
    assert.deepEqual([long?.adlQuantile, short?.adlQuantile], [4, 4]);
    await setIndex(server, 'BTC', '45000');
    await eventually(
      () => gina.openPositions(),
      (p: OpenPosition[]) => p.length === 0,
    );
    // erin's bid at 45 000 is below what gina's 996.7 could pay for and the fund holds nothing: not
    // sold there, but bought back by dave at 60 000 − 996.7 / 0.1 = 50 033, where her equity is zero
    assert.deepEqual(await dave.openPositions(), []);
    const [mine] = await gina.positionHistory();
    assert.deepEqual(
      [mine?.amount, mine?.orderDetail.id, mine?.orderDetail.source, mine?.orderDetail.price],
      ['0', null, 'adl', '50033'],
    );
    const [theirs] = await dave.positionHistory();
    assert.deepEqual(
      [theirs?.amount, theirs?.orderDetail.source, theirs?.orderDetail.price, theirs?.orderDetail.realizedPnl],
      ['0', 'adl', '50033', '996.7'],
    );
    assert.deepEqual(
      (await erin.activeOrders({ market: 'BTC_PERP' })).map((o) => o.left),
      ['0.1'],
    );
    assert.equal((await ledger(server)).insuranceFund.USDT ?? '0', '0');
    assert.deepEqual(await gina.collateralBalance(), {});
    assert.equal((await gina.collateralSummary()).equity, '0');
  });

  it('txc replay --verify rebuilds the same state beside the running server', async () => {
    const seq = server.server.venue.state.seq;
    const r = await txc(['replay', '--verify', '--data-dir', dir]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { seq: number; verified: boolean };
    assert.equal(report.verified, true);
    assert.ok(report.seq >= seq);
  });
});

describe('liquidation on a spot pair with no bid: the watcher looks again without a price move', () => {
  let server: TestServer;
  after(() => server.stop());

  it('nothing is done while the book is empty; a bid arriving later closes the position', async () => {
    server = await collateralServer();
    const carl = await trader(server, 'carl', { USDT: '100000', BTC: '1' });
    const hana = await collateralTrader(server, 'hana', { USDT: '1000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    await hana.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });

    await setIndex(server, 'BTC', '50000');
    await new Promise((r) => setTimeout(r, 300));
    const [stuck] = await hana.openPositions();
    assert.deepEqual([stuck?.amount, stuck?.liquidationState], ['0.1', 'liquidation']);
    // the check after the price move could do nothing: it left nothing in the journal
    const seq = server.server.venue.state.seq;
    await setIndex(server, 'BTC', '50000');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(server.server.venue.state.seq, seq + 1, 'only the index price was journaled');

    // below zero equity (spec §2.3: margin / equity), the fraction is negative, its 18th decimal rounded up
    await setIndex(server, 'BTC', '40000');
    const summary = await hana.collateralSummary();
    const [margin, equity] = [units(summary.margin, 18), units(summary.equity, 18)];
    assert.ok(equity < 0n, summary.equity);
    const up = (margin * 10n ** 18n) / equity; // bigint division truncates toward zero: up, for a negative quotient
    assert.equal(summary.marginFraction, text(up, 18));

    // a bid moves no index: the next periodic check finds it
    await carl.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000' });
    const until = Date.now() + RECHECK_MS + 5_000;
    while ((await hana.openPositions()).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await hana.openPositions(), []);
  });
});

describe('liquidation of a position opened below maintenance: checked at once, not at the next sweep', () => {
  let server: TestServer;
  after(() => server.stop());

  it('a short sold far under the mark is closed right after its fill, the mark unchanged', async () => {
    server = await collateralServer();
    const erin = await collateralTrader(server, 'erin', { USDT: '100000' });
    // a bid far under the index and no ask: the mark stays the index (60 000) whatever trades at 50 000
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '1', price: '50000' });
    const ivan = await collateralTrader(server, 'ivan', { USDT: '1000' });
    await ivan.collateralMarket({ market: 'BTC_PERP', side: 'sell', amount: '0.1' });
    const filledAt = Date.now();
    // short 0.1 at 50 000, valued at 60 000: 1 000 lost, below maintenance from the fill on
    while ((await ivan.openPositions()).length > 0 && Date.now() - filledAt < RECHECK_MS / 2) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(await ivan.openPositions(), []);
    assert.ok(Date.now() - filledAt < RECHECK_MS / 2, 'closed before the periodic check would have come');
  });
});
