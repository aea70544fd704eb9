import { RATE_LIMITS } from '@txc/sdk';
import { useState, type FormEvent } from 'react';
import type { AdminClient, FaultRequest, FaultRule, FaultType } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { useAction } from '../ui/use-action.js';
import { useChoice } from '../ui/use-choice.js';

/** The route groups a rule can name: every rate-limit group of the API, or all of them. */
const ROUTE_GROUPS = ['all', ...new Set(Object.values(RATE_LIMITS).map((rule) => rule.group))];

/** The public channels a paused stream is usually one of (the server knows the full list and says so). */
const CHANNELS = ['depth', 'trades', 'lastprice', 'candles', 'market', 'marketToday', 'bookTicker'];

const TYPES: readonly { type: FaultType; label: string }[] = [
  { type: 'latency', label: 'Latency on a route group' },
  { type: 'error', label: 'Error answers (503 / 429) on a route group' },
  { type: 'closeSockets', label: 'Close WebSockets after a while' },
  { type: 'pauseStream', label: 'Pause a stream’s updates' },
  { type: 'haltMarket', label: 'Halt a market (refuse its new orders)' },
];

/** A number field as typed: text that is no integer goes to the API as it is, for the API's own refusal. */
function integer(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

interface Fields {
  routes: string;
  ms: string;
  random: boolean;
  status: string;
  share: string;
  afterSeconds: string;
  channel: string;
}

function request(type: FaultType, seconds: string, f: Fields, market: string): FaultRequest {
  const common = { type, seconds: integer(seconds) };
  switch (type) {
    case 'latency':
      return { ...common, routes: [f.routes], ms: integer(f.ms), random: f.random };
    case 'error':
      return { ...common, routes: [f.routes], status: Number(f.status), share: f.share.trim() };
    case 'closeSockets':
      return { ...common, afterSeconds: integer(f.afterSeconds) };
    case 'pauseStream':
      return { ...common, channel: f.channel.trim() };
    case 'haltMarket':
      return { ...common, market };
  }
}

/** Adds a fault rule of any type, each with its own fields, lasting `seconds` or until cleared. */
export function FaultForm({
  admin,
  markets,
  onAdded,
}: {
  admin: AdminClient;
  markets: readonly string[];
  onAdded: () => void;
}) {
  const [type, setType] = useState<FaultType>('error');
  const [seconds, setSeconds] = useState('');
  const [f, setFields] = useState<Fields>({
    routes: 'all',
    ms: '500',
    random: false,
    status: '503',
    share: '1',
    afterSeconds: '10',
    channel: 'depth',
  });
  const [market, setMarket] = useChoice(markets);
  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const add = useAction<FaultRule>(onAdded);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.run(() => admin.addFault(request(type, seconds, f, market)));
  };
  const routes = (
    <label>
      Route group
      <select data-testid="fault-routes" value={f.routes} onChange={(e) => set({ routes: e.target.value })}>
        {ROUTE_GROUPS.map((g) => (
          <option key={g}>{g}</option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="form row" onSubmit={submit} aria-label="Add a fault rule">
      <label>
        Fault
        <select data-testid="fault-type" value={type} onChange={(e) => setType(e.target.value as FaultType)}>
          {TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {(type === 'latency' || type === 'error') && routes}
      {type === 'latency' && (
        <>
          <label>
            Delay (ms)
            <input
              data-testid="fault-ms"
              inputMode="numeric"
              value={f.ms}
              onChange={(e) => set({ ms: e.target.value })}
            />
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="fault-random"
              checked={f.random}
              onChange={(e) => set({ random: e.target.checked })}
            />
            Random up to it
          </label>
        </>
      )}
      {type === 'error' && (
        <>
          <label>
            Status
            <select data-testid="fault-status" value={f.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="503">503 unavailable</option>
              <option value="429">429 rate limited</option>
            </select>
          </label>
          <label>
            Share (0–1]
            <input
              data-testid="fault-share"
              inputMode="decimal"
              value={f.share}
              onChange={(e) => set({ share: e.target.value })}
            />
          </label>
        </>
      )}
      {type === 'closeSockets' && (
        <label>
          Close after (s)
          <input
            data-testid="fault-after"
            inputMode="numeric"
            value={f.afterSeconds}
            onChange={(e) => set({ afterSeconds: e.target.value })}
          />
        </label>
      )}
      {type === 'pauseStream' && (
        <label>
          Channel
          <input
            data-testid="fault-channel"
            list="fault-channels"
            value={f.channel}
            onChange={(e) => set({ channel: e.target.value })}
          />
          <datalist id="fault-channels">
            {CHANNELS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
      )}
      {type === 'haltMarket' && (
        <label>
          Market
          <select data-testid="fault-market" value={market} onChange={(e) => setMarket(e.target.value)}>
            {markets.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        {type === 'pauseStream' ? 'For (s)' : 'For (s, empty: until cleared)'}
        <input
          data-testid="fault-seconds"
          inputMode="numeric"
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
        />
      </label>
      <button type="submit" data-testid="fault-submit" disabled={add.busy}>
        Add rule
      </button>
      <ApiError error={add.error} />
    </form>
  );
}
