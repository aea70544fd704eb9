/** Minor units of a decimal text ("1.5" at precision 6 → 1 500 000n). */
export function minor(whole: string, precision: number): bigint {
  const negative = whole.startsWith('-');
  const [i, f = ''] = (negative ? whole.slice(1) : whole).split('.');
  const v = BigInt(`${i}${f.padEnd(precision, '0')}`);
  return negative ? -v : v;
}

export const usdt = (whole: string): bigint => minor(whole, 6);
export const sats = (whole: string): bigint => minor(whole, 8);
