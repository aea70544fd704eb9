import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startChildServer } from '../support/child-server.js';
import { tempDirs } from '../support/temp-dirs.js';

const NO_MARKETS = 'the venue defines no markets';

describe('a server started on a venue without markets says so', () => {
  const dir = tempDirs('txc-empty-venue-');

  it('warns, naming --demo and --venue; a demo venue does not', async () => {
    const bare = await startChildServer({ dataDir: dir() });
    await bare.stop();
    assert.match(bare.logs(), new RegExp(`${NO_MARKETS}.*--demo.*--venue FILE`));
    const demo = await startChildServer({ dataDir: dir(), demo: true });
    await demo.stop();
    assert.doesNotMatch(demo.logs(), new RegExp(NO_MARKETS));
  });
});
