import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Config } from '../../src/config/schema.js';
import { flagsDiffer, leaderFlagsRecord, venueFlagsOf } from '../../src/cluster/venue-flags.js';

const flagsOf = (given: Partial<Config>): ReturnType<typeof venueFlagsOf> =>
  venueFlagsOf({ demo: false, simulate: false, allowFaults: false, ...given } as Config);

describe('the flags an engine node leads with', () => {
  it('are compared as they take effect: a default left unset and the same value given are alike', () => {
    const recorded = leaderFlagsRecord('A', flagsOf({ demo: true }));
    assert.equal(
      flagsDiffer(recorded, flagsOf({ demo: true, priceFeed: 'static', fundingSettlement: 'admin' })),
      undefined,
    );
    assert.match(
      flagsDiffer(recorded, flagsOf({ demo: true, simulate: true })) ?? '',
      /^--simulate true here, false on A; --price-feed random here, static on A; fundingSettlement schedule here, admin on A:/,
    );
  });

  it('compare with nothing a record this version cannot read, and only the flags an older one holds', () => {
    const own = flagsOf({ demo: true });
    for (const unreadable of ['not json', 'null', '{"flags":null}', '{"node":"A"}', '[]'])
      assert.equal(flagsDiffer(unreadable, own), undefined, unreadable);
    assert.equal(flagsDiffer(JSON.stringify({ node: 'A', flags: { '--demo': true } }), own), undefined);
    assert.match(
      flagsDiffer(JSON.stringify({ node: 'A', flags: { '--demo': false } }), own) ?? '',
      /^--demo true here, false on A:/,
    );
  });
});
