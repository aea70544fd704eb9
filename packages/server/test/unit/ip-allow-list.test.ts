import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidAllowListEntries, IpAllowList } from '../../src/venue/keys/ip-allow-list.js';

describe('API key IP allow-lists', () => {
  it('an empty list allows every client', () => {
    assert.equal(IpAllowList.of([]).allows('203.0.113.7'), true);
  });

  it('matches addresses and CIDR ranges, IPv4 clients also as IPv4-mapped IPv6', () => {
    const list = IpAllowList.of(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    assert.equal(list.allows('127.0.0.1'), true);
    assert.equal(list.allows('::ffff:127.0.0.1'), true);
    assert.equal(list.allows('10.200.3.4'), true);
    assert.equal(list.allows('::ffff:10.200.3.4'), true);
    assert.equal(list.allows('2001:db8:1::5'), true);
    assert.equal(list.allows('11.0.0.1'), false);
    assert.equal(list.allows('2001:db9::1'), false);
    assert.equal(list.allows('not an ip'), false);
  });

  it('a list whose entries cannot be read locks the key rather than opening it', () => {
    const list = IpAllowList.of(['10.0.0.300']);
    assert.equal(list.allows('10.0.0.1'), false);
    assert.equal(list.allows('127.0.0.1'), false);
  });

  it('names the entries that are neither an address nor a range', () => {
    assert.deepEqual(
      invalidAllowListEntries(['1.2.3.4', '1.2.3.4/33', '::1/129', 'localhost', '10.0.0.0/8', '::1', '1.2.3.4/x', '']),
      ['1.2.3.4/33', '::1/129', 'localhost', '1.2.3.4/x', ''],
    );
  });
});
