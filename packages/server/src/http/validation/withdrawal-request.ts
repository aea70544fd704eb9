import { isIP } from 'node:net';
import {
  depositAddressKey,
  parseDecimal,
  parseUnits,
  resolveNetwork,
  withdrawalKey,
  type AssetSpec,
  type FeeMode,
  type NetworkSpec,
  type RequestWithdrawal,
  type State,
} from '@txc/core';
import type { ErrorName, FieldErrors } from '@txc/sdk';
import type { Wallet } from '../../wallet/wallet.js';
import { validateBeneficiary } from './beneficiary.js';
import { MainValidation } from './main-validation.js';
import { validateTravelRule } from './travel-rule.js';
import { optionalBoolean, optionalString, requiredString } from './wallet-fields.js';

export type ParsedWithdrawal =
  | { readonly ok: true; readonly command: Omit<RequestWithdrawal, 'transactionId'>; readonly uniqueIdKey: string }
  | {
      readonly ok: false;
      readonly error: ErrorName;
      readonly errors?: FieldErrors;
      readonly params?: Record<string, string>;
    };

const MAX_TEXT = 255;

function amountText(v: MainValidation, body: Readonly<Record<string, unknown>>): string | undefined {
  const raw = body.amount;
  if (raw === undefined || raw === null || raw === '') {
    v.add('amount', 'The amount field is required.');
    return undefined;
  }
  // Numbers are read as written in the JSON (clients send both); exponents and the like are refused.
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || parseDecimal(text) === undefined) {
    v.add('amount', 'The amount must be a number.');
    return undefined;
  }
  const d = parseDecimal(text);
  if (d !== undefined && (d.negative || d.digits === 0n)) {
    v.add('amount', 'The amount must be greater than 0.');
    return undefined;
  }
  return text;
}

/**
 * The key every complaint about the unique id is filed under: the spelling the request gave it by
 * (an empty value included), else the specification's `unique_id` (spec §4.8).
 */
function uniqueIdKey(v: MainValidation, body: Readonly<Record<string, unknown>>): string {
  const key = v.spelling(['uniqueId', 'unique_id']);
  return body[key] === undefined ? 'unique_id' : key;
}

/** The network or provider a request means; files its error when it names none that fits. */
function chooseNetwork(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  asset: AssetSpec,
): NetworkSpec | undefined {
  if (asset.kind === 'fiat') {
    const provider = optionalString(v, body, 'provider');
    if (provider === undefined) {
      if (!('provider' in v.errors)) v.add('provider', 'Provider is required for fiat currency');
      return undefined;
    }
    const n = asset.networks.find((x) => x.name === provider);
    if (n === undefined) v.add('provider', 'The selected provider is invalid.');
    return n;
  }
  const name = optionalString(v, body, 'network');
  if (v.errors.network !== undefined) return undefined;
  const n = resolveNetwork(asset, name ?? null);
  if (n === undefined)
    v.add('network', name === undefined ? 'The network field is required.' : 'The selected network is invalid.');
  return n;
}

/** A SWIFT/BIC code: bank, country, location, and an optional branch (ISO 9362). */
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The details the network's provider needs with a withdrawal (reference §7.4), in Laravel's words. */
function validateProviderDetails(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  network: NetworkSpec,
): void {
  for (const detail of network.withdrawalRequires ?? []) {
    const value = requiredString(v, body, detail, { maxLength: MAX_TEXT });
    if (value === undefined) continue;
    if (detail === 'customerIp' && isIP(value) === 0) v.add(detail, 'The customer ip must be a valid IP address.');
    if (detail === 'bankBic' && !BIC.test(value)) v.add(detail, 'The bank bic format is invalid.');
  }
}

/**
 * Whether the destination is one of the user's deposit addresses on the network's chain, for any
 * asset: an ETH withdrawal to the user's USDT-ERC20 address returns to the user as surely as one to
 * its ETH address. The engine refuses its own address of the same asset and network; only here is
 * the chain known to be shared (fiat providers have none, and count for themselves alone).
 */
function isOwnDepositAddress(
  state: State,
  user: string,
  network: NetworkSpec,
  address: string,
  memo: string | null,
): boolean {
  for (const asset of state.assets.values()) {
    for (const n of asset.networks) {
      if (n !== network && (network.chain === null || n.chain !== network.chain)) continue;
      const own = state.depositAddresses.get(depositAddressKey(user, asset.ticker, n.name)) ?? [];
      if (own.some((a) => a.address === address && (a.memo === null || a.memo === memo))) return true;
    }
  }
  return false;
}

/**
 * Reads a withdraw / withdraw-pay body (reference §7.4) into the engine's command. Request-shape
 * problems are collected and answered together (HTTP 400, code 0); then the business checks the
 * engine cannot make (currency flags first, amount precision, the destination address per chain)
 * answer the reference's "Inner validation failed" codes. Balance, limits and fees are left to the
 * engine, which decides them atomically with the debit.
 */
export function parseWithdrawal(
  raw: unknown,
  context: { state: State; wallet: Wallet; user: string; feeMode: FeeMode; today: string },
): ParsedWithdrawal {
  const { state, wallet, user } = context;
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);
  const ticker = requiredString(v, body, 'ticker');
  const amount = amountText(v, body);
  const address = requiredString(v, body, 'address', { maxLength: MAX_TEXT });
  const uniqueKey = uniqueIdKey(v, body);
  const uniqueId = requiredString(v, body, uniqueKey, { maxLength: MAX_TEXT });
  if (uniqueId !== undefined && state.withdrawalIds.has(withdrawalKey(user, uniqueId))) {
    v.add(uniqueKey, 'The unique id has already been taken.');
  }
  const memo = optionalString(v, body, 'memo', { maxLength: MAX_TEXT });
  const partialEnable = optionalBoolean(v, body, 'partialEnable') ?? false;

  const asset = ticker === undefined ? undefined : state.assets.get(ticker);
  if (ticker !== undefined && asset === undefined) v.add('ticker', 'The selected ticker is invalid.');
  let network: NetworkSpec | undefined;
  if (asset !== undefined) {
    network = chooseNetwork(v, body, asset);
    const family = network === undefined ? undefined : wallet.family(network);
    if (asset.memo.withdraw && memo === undefined && v.errors.memo === undefined)
      v.add('memo', 'The memo field is required.');
    if (memo !== undefined && family !== undefined && !family.isMemo(memo))
      v.add('memo', 'The memo format is invalid.');
    if (asset.beneficiaryRequired) validateBeneficiary(v, body.beneficiary, context.today);
    if (network !== undefined) validateProviderDetails(v, body, network);
    const eea = state.users.get(user)?.eea ?? false;
    if (asset.kind === 'crypto' && eea) validateTravelRule(v, body.travelRule);
  }
  if (v.failed || asset === undefined || network === undefined) {
    return { ok: false, error: 'mainValidation', errors: v.errors };
  }

  if (!asset.canDeposit) return { ok: false, error: 'withdrawNotDepositable' };
  if (!asset.canWithdraw || !network.canWithdraw) return { ok: false, error: 'withdrawNotWithdrawable' };
  const units = parseUnits(amount as string, asset.precision);
  if (units === undefined) {
    return { ok: false, error: 'withdrawAmountPrecision', params: { precision: String(asset.precision) } };
  }
  const family = wallet.family(network);
  if (family !== undefined && !family.isAddress(address as string))
    return { ok: false, error: 'withdrawAddressInvalid' };
  // one spelling per address, so that the user's own deposit addresses are known however written
  const destination = family === undefined ? (address as string) : family.canonicalAddress(address as string);
  if (isOwnDepositAddress(state, user, network, destination, memo ?? null)) {
    return { ok: false, error: 'withdrawOwnAddress' };
  }
  return {
    ok: true,
    uniqueIdKey: uniqueKey,
    command: {
      type: 'RequestWithdrawal',
      user,
      uniqueId: uniqueId as string,
      ticker: asset.ticker,
      network: network.name,
      address: destination,
      memo: memo ?? null,
      amount: units,
      feeMode: context.feeMode,
      partialEnable: asset.kind === 'fiat' && partialEnable,
    },
  };
}
