import { useEffect, useState, type MouseEvent } from 'react';
import { AdminView } from '../admin/AdminView.js';
import { publicClient } from '../api/connection.js';
import { loadAdminToken, loadTrader, saveAdminToken, saveTrader, type TraderCredentials } from '../api/credentials.js';
import type { MarketInfo } from '../market/MarketList.js';
import { MarketSelect } from '../market/MarketList.js';
import { MarketView } from '../market/MarketView.js';
import { TraderView } from '../trader/TraderView.js';
import { ApiError } from '../ui/ApiError.js';
import { ConnectionBanner } from '../ui/ConnectionBanner.js';
import { applyTheme, initialTheme, type Theme } from '../ui/theme.js';
import { usePolling } from '../ui/use-polling.js';
import { pathOf, viewOf, type View } from './route.js';

const VIEWS: { view: View; label: string }[] = [
  { view: 'market', label: 'Market' },
  { view: 'trade', label: 'Trade' },
  { view: 'admin', label: 'Operator' },
];

function initialMarket(): string | undefined {
  return new URLSearchParams(window.location.search).get('market') ?? undefined;
}

export function App() {
  const [view, setView] = useState<View>(viewOf(window.location.pathname));
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [selected, setSelected] = useState<string | undefined>(initialMarket);
  const [trader, setTrader] = useState<TraderCredentials | undefined>(loadTrader);
  const [adminToken, setAdminToken] = useState<string | undefined>(loadAdminToken);
  const markets = usePolling(() => publicClient.markets(), 60_000, []);

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    const onPop = () => setView(viewOf(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const list: MarketInfo[] = markets.data ?? [];
  const market = list.find((m) => m.name === selected) ?? list[0];
  const go = (next: View) => (e: MouseEvent) => {
    e.preventDefault();
    window.history.pushState(null, '', `${pathOf(next)}${window.location.search}`);
    setView(next);
  };
  const select = (name: string) => {
    setSelected(name);
    const url = new URL(window.location.href);
    url.searchParams.set('market', name);
    window.history.replaceState(null, '', url);
  };

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">txc</span>
        <nav aria-label="Views">
          {VIEWS.map((v) => (
            <a
              key={v.view}
              href={pathOf(v.view)}
              aria-current={view === v.view ? 'page' : undefined}
              data-testid={`nav-${v.view}`}
              onClick={go(v.view)}
            >
              {v.label}
            </a>
          ))}
        </nav>
        {view !== 'admin' && market !== undefined && (
          <MarketSelect markets={list} selected={market.name} onSelect={select} />
        )}
        <button
          type="button"
          className="theme"
          data-testid="theme-toggle"
          aria-label={`Switch to the ${theme === 'dark' ? 'light' : 'dark'} theme`}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
      <main id="main">
        <ConnectionBanner streamed={view !== 'admin'} />
        <ApiError error={markets.error} />
        {view === 'admin' ? (
          <AdminView
            token={adminToken}
            onToken={(token) => {
              saveAdminToken(token);
              setAdminToken(token);
            }}
            markets={list.map((m) => m.name)}
            perpetuals={list.filter((m) => m.type === 'futures').map((m) => m.name)}
          />
        ) : market === undefined ? (
          <p className="muted">Loading markets…</p>
        ) : view === 'trade' ? (
          <TraderView
            credentials={trader}
            market={market}
            markets={list}
            onLogin={(credentials) => {
              saveTrader(credentials);
              setTrader(credentials);
            }}
          />
        ) : (
          <MarketView markets={list} market={market} onSelect={select} theme={theme} />
        )}
      </main>
    </>
  );
}
