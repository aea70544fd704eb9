import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rateLimitClient } from '../../src/http/client-address.js';

describe('the client a per-IP rate limit counts', () => {
  it('is the IPv4 address, however it reached the socket', () => {
    assert.equal(rateLimitClient('203.0.113.7'), '203.0.113.7');
    assert.equal(rateLimitClient('::ffff:203.0.113.7'), '203.0.113.7');
  });

  it("is the IPv6 address's /64, in one spelling", () => {
    const same = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9'];
    assert.deepEqual(new Set(same.map(rateLimitClient)), new Set(['2001:db8:1:2::/64']));
    assert.equal(rateLimitClient('2001:db8::1'), '2001:db8:0:0::/64');
    assert.notEqual(rateLimitClient('2001:db8:1:3::1'), rateLimitClient('2001:db8:1:2::1'));
    assert.equal(rateLimitClient('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  });
});
