import { BlockList, isIP } from 'node:net';

/** Most entries one key's allow-list may hold (the deployed service allows 50). */
export const MAX_ALLOW_LIST_ENTRIES = 50;

interface Entry {
  readonly address: string;
  readonly family: 'ipv4' | 'ipv6';
  readonly prefix: number | undefined;
}

function parse(text: string): Entry | undefined {
  const slash = text.indexOf('/');
  const address = slash === -1 ? text : text.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) return { address, family, prefix: undefined };
  const prefixText = text.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix > (version === 4 ? 32 : 128) ? undefined : { address, family, prefix };
}

/** The entries of a proposed allow-list that are neither an IP address nor a CIDR range. */
export function invalidAllowListEntries(entries: readonly string[]): string[] {
  return entries.filter((e) => parse(e) === undefined);
}

/**
 * The client IPs one API key may be used from: addresses or CIDR ranges. IPv4 clients reached over
 * a dual-stack socket (`::ffff:a.b.c.d`) match their IPv4 entries. A list is restrictive as soon as
 * it has any entry, even one that cannot be parsed: a typo must lock the key, never open it.
 */
export class IpAllowList {
  private constructor(
    private readonly list: BlockList | undefined,
    readonly size: number,
  ) {}

  static of(entries: readonly string[]): IpAllowList {
    if (entries.length === 0) return new IpAllowList(undefined, 0);
    const list = new BlockList();
    for (const text of entries) {
      const e = parse(text);
      if (e === undefined) continue;
      if (e.prefix === undefined) list.addAddress(e.address, e.family);
      else list.addSubnet(e.address, e.prefix, e.family);
    }
    return new IpAllowList(list, entries.length);
  }

  allows(ip: string): boolean {
    if (this.list === undefined) return true;
    const version = isIP(ip);
    if (version === 0) return false;
    return this.list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Whether an allow-list entry admits exactly the address `ip` names, however either is written (`::1`, `0:0::1`). */
export function sameAddress(entry: string, ip: string): boolean {
  return !entry.includes('/') && IpAllowList.of([entry]).allows(ip) && IpAllowList.of([ip]).allows(entry);
}
