import { isIP } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, as numbers; undefined if it is not one. */
function groups(ip: string): number[] | undefined {
  let text = ip.split('%')[0] ?? '';
  // An IPv4 tail (64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined): number[] =>
    part === undefined || part === '' ? [] : part.split(':').map((g) => parseInt(g, 16));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/**
 * The client a per-IP rate limit counts: an IPv4 address (also when it reaches a dual-stack socket
 * as `::ffff:a.b.c.d`), or the /64 an IPv6 address belongs to. One subscriber is routinely handed
 * a whole /64, so counting single IPv6 addresses would let one client multiply its allowance (and
 * the limiter's memory) at will.
 */
export function rateLimitClient(ip: string): string {
  const mapped = MAPPED_V4.exec(ip);
  if (mapped !== null) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const g = groups(ip);
  return g === undefined
    ? ip
    : `${g
        .slice(0, 4)
        .map((n) => n.toString(16))
        .join(':')}::/64`;
}
