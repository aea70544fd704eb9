import { AdminError, decimalAmount, optionalString, record, requiredString } from './admin-input.js';
import { DepositIntake } from '../wallet/deposit-intake.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/deposits`: credits a deposit through the intake (idempotent on network and txid). */
export async function deposit(venue: Venue, input: unknown): Promise<{ transactionId: string }> {
  const body = record(input, ['user', 'ticker', 'amount', 'network', 'txid', 'address', 'memo']);
  const user = optionalString(body, 'user');
  const ticker = requiredString(body, 'ticker');
  const rawAmount = body.amount;
  if (typeof rawAmount !== 'string' && typeof rawAmount !== 'number') {
    throw new AdminError('adminBadRequest', 'amount must be a decimal string.');
  }
  const asset = venue.state.assets.get(ticker);
  if (asset === undefined) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
  const amount = decimalAmount(rawAmount, asset.precision);
  const report = await new DepositIntake(venue).report({
    ticker,
    amount,
    network: optionalString(body, 'network'),
    txid: optionalString(body, 'txid'),
    address: optionalString(body, 'address'),
    memo: optionalString(body, 'memo'),
    ...(user === null ? {} : { user }),
  });
  if (report.ok) return { transactionId: report.transactionId };
  const kind = { 'bad-request': 'adminBadRequest', 'not-found': 'adminNotFound', conflict: 'adminConflict' } as const;
  throw new AdminError(kind[report.refusal], report.detail);
}
