import type { Order } from '@txc/sdk';
import { useEffect, useMemo, useState } from 'react';
import { privateClient } from '../api/connection.js';
import type { TraderCredentials } from '../api/credentials.js';
import type { MarketInfo } from '../market/MarketList.js';
import { OrderBook } from '../market/OrderBook.js';
import { usePolling } from '../ui/use-polling.js';
import { Balances, loadBalances } from './Balances.js';
import { DepositAddress } from './DepositAddress.js';
import { History } from './History.js';
import { isKeyRefused } from './key-refusal.js';
import { Login } from './Login.js';
import { OpenOrders } from './OpenOrders.js';
import { OrderForm } from './OrderForm.js';
import { Positions } from './Positions.js';
import { Transfer } from './Transfer.js';
import { useAccountStream } from './use-account-stream.js';

/** A logged-in user's accounts, orders and positions; every action refreshes what it changed. */
function Account({
  credentials,
  market: info,
  markets,
  onRefused,
}: {
  credentials: TraderCredentials;
  market: MarketInfo;
  markets: readonly MarketInfo[];
  onRefused: (refusal: unknown) => void;
}) {
  const market = info.name;
  const client = useMemo(() => privateClient(credentials.apiKey, credentials.apiSecret), [credentials]);
  // counts of changes the history and the positions were told of, each read again at the next
  const [historyVersion, setHistoryVersion] = useState(0);
  const [positionsVersion, setPositionsVersion] = useState(0);
  const balances = usePolling(() => loadBalances(client), 3000, [client]);
  const orders = usePolling<Order[]>(() => client.activeOrders({ market, limit: 100 }), 3000, [client, market]);
  // a key revoked (or disabled) while the page is open: nothing it signs works any more
  const refusal = [balances.error, orders.error].find(isKeyRefused);
  useEffect(() => {
    if (refusal !== undefined) onRefused(refusal);
  }, [refusal]);
  const changed = () => {
    balances.refresh();
    orders.refresh();
    setHistoryVersion((n) => n + 1);
    setPositionsVersion((n) => n + 1);
  };
  const stream = useAccountStream(client, market, (change) => {
    // a fill, a finished order or a position moves balances too (fees, margin, holds released)
    balances.refresh();
    orders.refresh();
    if (change === 'history' || change === 'all') setHistoryVersion((n) => n + 1);
    if (change === 'positions' || change === 'all') setPositionsVersion((n) => n + 1);
  });
  return (
    <div className="grid trader-view">
      <p className="stream-state muted" data-testid="account-stream" data-state={stream}>
        {stream === 'live'
          ? 'Live: balances, orders, history and positions follow the account streams.'
          : stream === 'polling'
            ? 'Account streams unavailable: refreshing every few seconds.'
            : stream === 'reconnecting'
              ? 'Account streams reconnecting: refreshing every few seconds until they are back.'
              : 'Connecting the account streams…'}
      </p>
      <Balances balances={balances} />
      {/* a form of its own per market: a price typed for one must never be sent on another */}
      <OrderForm key={info.name} client={client} market={info} onPlaced={changed} />
      <OrderBook market={market} />
      <OpenOrders client={client} market={info} orders={orders} onChanged={changed} />
      <Positions client={client} markets={markets} version={positionsVersion} />
      <History client={client} market={info} version={historyVersion} />
      <Transfer client={client} onDone={changed} />
      <DepositAddress client={client} />
    </div>
  );
}

export function TraderView({
  credentials,
  market,
  markets,
  onLogin,
}: {
  credentials: TraderCredentials | undefined;
  market: MarketInfo;
  markets: readonly MarketInfo[];
  onLogin: (credentials: TraderCredentials | undefined) => void;
}) {
  const [refused, setRefused] = useState<unknown>(undefined);
  if (credentials === undefined) {
    return (
      <Login
        refused={refused}
        onLogin={(next) => {
          setRefused(undefined);
          onLogin(next);
        }}
      />
    );
  }
  return (
    <>
      <div className="account-bar">
        <span>
          Key <code data-testid="logged-in-key">{credentials.apiKey.slice(0, 8)}…</code>
        </span>
        <button
          type="button"
          data-testid="logout"
          onClick={() => {
            setRefused(undefined);
            onLogin(undefined);
          }}
        >
          Log out
        </button>
      </div>
      <Account
        key={credentials.apiKey}
        credentials={credentials}
        market={market}
        markets={markets}
        onRefused={(refusal) => {
          setRefused(refusal);
          onLogin(undefined);
        }}
      />
    </>
  );
}
