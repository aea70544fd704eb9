import type { TxcClient } from '@txc/sdk';
import encodeQR from 'qr';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../ui/ApiError.js';

/** A QR code drawn from the encoder's modules: one SVG rect per dark module, nothing fetched. */
function QrCode({ text }: { text: string }) {
  const modules = encodeQR(text, 'raw', { ecc: 'medium' });
  const size = modules.length;
  const cells: string[] = [];
  modules.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x},${y}h1v1h-1z`)));
  return (
    <svg
      className="qr"
      data-testid="deposit-qr"
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      role="img"
      aria-label={`QR code of ${text}`}
      shapeRendering="crispEdges"
    >
      <rect x={-2} y={-2} width={size + 4} height={size + 4} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}

/** The user's deposit address for an asset (and network), with its memo and a QR code. */
export function DepositAddress({ client }: { client: TxcClient }) {
  const [ticker, setTicker] = useState('BTC');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState<{ address: string; memo: string } | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setAddress(undefined);
    const net = network.trim();
    client
      .depositAddress(net === '' ? { ticker: ticker.trim() } : { ticker: ticker.trim(), network: net })
      .then((answer) => setAddress(answer.account))
      .catch(setError);
  };
  return (
    <section className="panel" aria-labelledby="deposit-address-title">
      <h2 id="deposit-address-title">Deposit address</h2>
      <form className="form" onSubmit={submit}>
        <label>
          Asset
          <input data-testid="address-ticker" value={ticker} onChange={(e) => setTicker(e.target.value)} />
        </label>
        <label>
          Network (optional)
          <input data-testid="address-network" value={network} onChange={(e) => setNetwork(e.target.value)} />
        </label>
        <button type="submit" data-testid="address-submit">
          Show address
        </button>
      </form>
      <ApiError error={error} />
      {address !== undefined && (
        <div className="address">
          <code data-testid="deposit-address">{address.address}</code>
          {address.memo !== '' && (
            <p>
              Memo: <code>{address.memo}</code>
            </p>
          )}
          <QrCode text={address.address} />
        </div>
      )}
    </section>
  );
}
