import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Command, CommandResults, State } from '@txc/core';
import { MarketData } from '../../src/market-data/market-data.js';
import type { JournalRecord, Store } from '../../src/store/port.js';
import { applyJournalEntry, loadState } from '../../src/venue/sequencer/load-state.js';
import type { EventListener, Submitted } from '../../src/venue/sequencer/sequencer.js';
import type { Venue } from '../../src/venue/venue.js';
import type { VenueView } from '../../src/venue/venue-view.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

const MARKET = 'BTC_USDT';

/**
 * A copy of the venue's state that follows its journal by hand, as a gateway's does: it can stand
 * behind the store's deals, and the test decides when it applies the entries after it.
 */
class FollowingView implements VenueView {
  private readonly listeners: EventListener[] = [];
  private readonly resets: (() => Promise<void>)[] = [];

  constructor(
    private readonly venue: Venue,
    public state: State,
  ) {}

  get store(): Store {
    return this.venue.store;
  }

  get clock(): VenueView['clock'] {
    return this.venue.clock;
  }

  get websocketTokens(): VenueView['websocketTokens'] {
    return this.venue.websocketTokens;
  }

  submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    return this.venue.submit(cmd);
  }

  barrier(): Promise<void> {
    return Promise.resolve();
  }

  durable(): Promise<void> {
    return Promise.resolve();
  }

  readonly durableNow = true;

  readDurable<T>(read: (store: Store) => Promise<T>): Promise<T> {
    return read(this.venue.store);
  }

  subscribe(events: EventListener, reset: () => Promise<void>): void {
    this.listeners.push(events);
    this.resets.push(reset);
  }

  onKeyChanged(): void {}

  /** Applies the entries that follow the state and tells the listeners, all at once (no await between). */
  follow(entries: readonly JournalRecord[]): void {
    for (const entry of entries) {
      const { command, events, result } = applyJournalEntry(this.state, entry);
      for (const listen of this.listeners) listen(events, command, result, { seq: entry.seq, time: entry.time });
    }
  }

  /** The state loaded again (the journal follower's reload): the read models reload. */
  reload(state: State): Promise<void[]> {
    this.state = state;
    return Promise.all(this.resets.map((reset) => reset()));
  }
}

/** What a market's data answers: the 24-hour statistics and each tape. */
function answers(md: MarketData): unknown {
  return {
    stats: md.stats24h(MARKET),
    all: md.recentTrades(MARKET),
    buy: md.recentTrades(MARKET, 'buy'),
    sell: md.recentTrades(MARKET, 'sell'),
  };
}

describe('market data loaded beside a state behind the store', () => {
  let server: TestServer;
  let venue: Venue;
  /** The seq after the first three trades: a copy of the state there is behind the deals by three. */
  let behindSeq: number;
  /** The journal's entries after it, up to the store's end. */
  let rest: JournalRecord[];
  /** What market data loaded at the store's end answers: every trade once. */
  let expected: unknown;

  before(async () => {
    server = await TestServer.start();
    venue = server.server.venue;
    const maker = await trader(server, 'maker', { BTC: '10', USDT: '1000000' });
    const taker = await trader(server, 'taker', { BTC: '10', USDT: '1000000' });
    /** One trade at `price`: the taker buys (sells) `amount` from the maker's resting order. */
    const cross = async (side: 'buy' | 'sell', price: string, amount: string): Promise<void> => {
      await maker.orderNew({ market: MARKET, side: side === 'buy' ? 'sell' : 'buy', amount, price });
      await taker.orderNew({ market: MARKET, side, amount, price });
    };
    await cross('buy', '50000', '0.01');
    await cross('sell', '49900', '0.02');
    await cross('buy', '50100', '0.03');
    await venue.barrier();
    behindSeq = venue.state.seq;
    await cross('sell', '49800', '0.04');
    await cross('buy', '50200', '0.05');
    await cross('buy', '50300', '0.06');
    await venue.barrier();
    rest = await venue.store.readJournal(behindSeq, 10_000);
    assert.equal(rest.at(-1)?.seq, venue.state.seq);
    // a single server's: the state is at the store's end when market data loads
    const atHead = await MarketData.open(venue);
    expected = answers(atHead);
    const stats = atHead.stats24h(MARKET);
    assert.equal(stats.count, 6);
    // 0.21 BTC, in the market's lots
    assert.equal(stats.lots, 210_000n);
    assert.equal(atHead.recentTrades(MARKET).length, 6);
  });
  after(async () => {
    await server.stop();
  });

  async function behind(): Promise<FollowingView> {
    const { state } = await loadState(venue.store, { ignoreSnapshots: true, untilSeq: behindSeq });
    assert.equal(state.seq, behindSeq);
    return new FollowingView(venue, state);
  }

  it('a gateway starting: the deals its state has not applied yet are left to the events that follow', async () => {
    const view = await behind();
    const md = await MarketData.open(view);
    view.follow(rest);
    assert.deepEqual(answers(md), expected);
  });

  it('the trades applied while the deals load are in the maps that replace the old ones', async () => {
    const view = await behind();
    const opening = MarketData.open(view);
    // the load has read its bound and awaits the store
    view.follow(rest);
    assert.deepEqual(answers(await opening), expected);
  });

  it('a reload, twice over, while trades apply: every trade once', async () => {
    const view = await behind();
    const md = await MarketData.open(view);
    view.follow(rest);
    assert.deepEqual(answers(md), expected);
    const [a, b] = [await behind(), await behind()];
    // loaded again behind the deals, and again before that load is done; the entries after it apply meanwhile
    const first = view.reload(a.state);
    const second = view.reload(b.state);
    view.follow(rest);
    await Promise.all([first, second]);
    assert.deepEqual(answers(md), expected);
  });
});
