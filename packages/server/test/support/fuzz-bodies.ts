import fc from 'fast-check';
import { ADDRESSES } from './wallet-server.js';

/**
 * Arbitraries for request bodies that a careless or hostile client sends. Bodies are built as JSON
 * text, not objects, so that they can hold what JSON.stringify never writes: exponent and overlong
 * number literals, duplicate keys.
 */

/** Number literals as written on the wire. */
const NUMBER_LITERALS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.1',
  '-0.00000001',
  '1e5',
  '1E-8',
  '1e+2',
  '2.5e-3',
  '1e400',
  '-1e400',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.1234567890123456789',
  '1.0',
  '100000000000000000000.5',
  '0.000000000000000000000000000001',
  '60000',
  '0.001',
];

/** Strings that look like numbers, are not quite, or are hostile. */
const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1e5',
  '1E-8',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '+1',
  '.5',
  '5.',
  '1,5',
  '1_000',
  '١٢٣',
  '１２３',
  '1 ',
  ' 1',
  '\t1',
  '0.000000000000000001',
  '99999999999999999999999999999999',
  '1'.repeat(300),
  'null',
  'true',
  'undefined',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u202eRTL',
  '\ud83d\ude00',
  '\ud800',
  'BTC\u0000',
  'BTC\n',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '../../etc/passwd',
  '%00',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

/** Runs of digits (zeros favoured), as often short as up to `maxLength` long. */
function digitRun(maxLength: number, unit = fc.constantFrom(...'000123456789')): fc.Arbitrary<string> {
  return fc.oneof(fc.string({ unit, maxLength }), fc.string({ unit, maxLength, size: 'max' }));
}

/**
 * Decimal text of 1–500 characters as written by hand or by another program's formatter: a sign
 * now and then, leading zeros, long integer parts, long fractions with zeros on either side of
 * their digits. Every field that takes a number must read it, or refuse it in the API's words.
 */
export const decimalText: fc.Arbitrary<string> = fc
  .record({
    minus: fc.nat({ max: 7 }).map((n) => n === 0),
    whole: fc.tuple(digitRun(40, fc.constant('0')), digitRun(200)),
    fraction: fc.option(fc.tuple(digitRun(120, fc.constant('0')), digitRun(200), digitRun(150, fc.constant('0'))), {
      freq: 3,
    }),
  })
  .map(({ minus, whole, fraction }) => {
    const text = `${minus ? '-' : ''}${whole.join('') || '0'}${fraction === null ? '' : `.${fraction.join('')}`}`;
    return text.length <= 500 ? text : text.slice(0, 500);
  });

/** Values each field may plausibly hold, so that generated bodies also get past the first checks. */
const PLAUSIBLE: Record<string, readonly unknown[]> = {
  market: ['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'XRP_USDT', 'BTC_PERP', 'ETH_PERP', 'btc_usdt', 'NOPE_USDT'],
  ticker: ['BTC', 'USDT', 'ETH', 'XRP', 'USD', 'UAH_IBAN', 'LUNC', 'btc', 'NOPE'],
  side: ['buy', 'sell', 'BUY'],
  amount: ['0.001', '1', '0.00000001', '100', '-1', '0', '1000000000', 0.5, 1],
  price: ['60000', '1', '0.01', '59999.99', '-60000', '0', 60000],
  activation_price: ['61000', '59000', '0'],
  activationPrice: ['61000', '59000'],
  stopLoss: ['50000', '70000', '0'],
  takeProfit: ['70000', '50000'],
  from: ['main', 'spot', 'collateral', 'futures'],
  to: ['main', 'spot', 'collateral', 'trade'],
  method: ['deposit', 'withdraw', 'collateral-deposit'],
  stp: ['no', 'cancel_both', 'cancel_new', 'cancel_old', 'cb', 'co'],
  positionSide: ['LONG', 'SHORT', 'BOTH', 'long'],
  reduceOnly: [true, false],
  postOnly: [true, false],
  ioc: [true, false],
  rpi: [true, false],
  leverage: [1, 5, 10, 20, 100, 0, '5'],
  hedgeMode: [true, false, 'true'],
  destination: ['main_balance', 'external_address'],
  address: [ADDRESSES.bitcoin, ADDRESSES.ethereum, ADDRESSES.xrp, 'bc1qnotanaddress', 'x'.repeat(101)],
  network: ['BTC', 'ERC20', 'TRC20', 'XRP', 'SEPA'],
  type: ['bech32', 'p2sh-segwit', 'market', 'limit', 'buy', 'sell'],
  status: ['NEW', 'FILLED', 'CANCELLED', 'CANCELED', 'PARTIALLY_FILLED', 1, 2, [1, 2]],
  transactionMethod: [1, 2, '1', 3],
  limit: [0, 1, 50, 100, 101, -1, 10_000, '10'],
  offset: [0, 1, 10_000, -1, '0'],
  orderId: [1, 2, 3, 999_999, -1, '1'],
  otoId: [1, 2, 999_999],
  positionId: [1, 999_999],
  clientOrderId: ['fuzz-1', 'bad id!', 'x'.repeat(65), ''],
  client_order_id: ['fuzz-2', 'ü', ''],
  uniqueId: ['u-1', 'u-2', ''],
  unique_id: ['u-3', ''],
  memo: ['1', 'memo', ''],
  provider: ['VISAMASTER', 'SEPA'],
  partialEnable: [true, false],
  beneficiary: [{ firstName: 'Ann', lastName: 'Lee' }, { firstName: '' }, []],
  travelRule: [{ type: 'individual', name: 'Ann Lee', vasp: 'x', address: 'y' }, {}],
  name: ['miner1', 'a', '', 'x'.repeat(100)],
  accountName: ['miner1', 'nobody'],
  account: ['miner1', 'nobody'],
  referralCode: ['ref', ''],
  startDate: [0, 1_700_000_000, -1, '1700000000'],
  endDate: [0, 2_000_000_000, -1],
  addresses: [[ADDRESSES.bitcoin], ['x'], 'x'],
};

function rawOf(value: unknown): string {
  return JSON.stringify(value);
}

/** JSON text of a value a field might be sent, good or bad. */
export function fieldValue(field: string): fc.Arbitrary<string> {
  const plausible = PLAUSIBLE[field] ?? [];
  const own = plausible.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...plausible).map(rawOf) }] : [];
  return fc.oneof(
    ...own,
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(rawOf) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LITERALS) },
    { weight: 2, arbitrary: decimalText.map(rawOf) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(rawOf) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '[[]]', '[{"a":1}]', '{"a":{"b":[]}}'),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(rawOf) },
  );
}

/** A field name no endpoint knows. */
export const unknownField = fc
  .oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('Market', 'AMOUNT', 'extra', 'ticker ', 'nonce2'))
  .filter((k) => k !== '__proto__');

/** Where a generated body's nonce goes: filled in when it is sent, so that nonces rise in sending order. */
export const NONCE_SLOT = '%NONCE%';

/**
 * The text of a signed private body: `request` and `nonce` valid, then any subset of the endpoint's
 * own fields and a few unknown ones with generated values, a key now and then written twice; or,
 * now and then, no JSON object at all.
 */
export function privateBodyText(fields: readonly string[], path: string): fc.Arbitrary<string> {
  const pairs = fc.tuple(
    fc
      .subarray([...fields])
      .chain((chosen) => fc.tuple(...chosen.map((f) => fieldValue(f).map((v) => [f, v] as const)))),
    fc.array(fc.tuple(unknownField, fieldValue('')), { maxLength: 2 }),
    fc.nat({ max: 19 }).map((n) => n === 0),
    fc.option(fc.constantFrom('true', 'false', '"yes"', '1', 'null'), { freq: 10 }),
  );
  const object = pairs.map(([known, unknown, duplicate, nonceWindow]) => {
    const all: (readonly [string, string])[] = [...known, ...unknown];
    if (duplicate && all.length > 0) all.push(all[0]!);
    const head = [`"request":${JSON.stringify(path)}`, `"nonce":${NONCE_SLOT}`];
    if (nonceWindow !== null) head.push(`"nonceWindow":${nonceWindow}`);
    return `{${[...head, ...all.map(([k, v]) => `${JSON.stringify(k)}:${v}`)].join(',')}}`;
  });
  const garbage = fc.constantFrom('', '[]', '"x"', '1', 'null', '{', '{"a":}', '{"request":', '\u0000', '{}}', '[{}]');
  return fc.oneof({ weight: 19, arbitrary: object }, { weight: 1, arbitrary: garbage });
}

/** Percent-encoding of any string: lone surrogates (which UTF-8 cannot carry) become U+FFFD. */
function encoded(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** Percent-escapes that decode to no valid UTF-8, or to path tricks. */
const RAW_ESCAPES = ['%ff', '%c0%af', '%e0%80%80', '%00', '%2e%2e', '%2f', '%', '%zz'];

/** A query string for a public endpoint: its own parameters and unknown ones, values good or bad, keys sometimes twice. */
export function queryText(fields: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom('BTC_USDT', 'BTC_PERP', '10', '0', '-1', '1e3', '100000000000', 'buy', 'sell', ''),
    decimalText,
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 400)),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...(fields.length > 0 ? fields : ['x'])), unknownField), value), {
      maxLength: 5,
    })
    .chain((pairs) =>
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(pairs.map(([k, v]) => `${encoded(k)}=${encoded(v)}`).join('&')) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES).map((e) => `market=${e}&${e}=1`) },
      ),
    );
}

/** A path parameter: a real market, or anything else. */
export const pathParam = fc.oneof(
  fc.constantFrom('BTC_USDT', 'BTC_PERP', 'ETH_BTC', 'btc_usdt', 'NOPE', '..', 'a'.repeat(300), ...RAW_ESCAPES),
  fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length > 0 && s.length < 400)).map(encoded),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encoded),
);
