import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { watchCluster, type ClusterStanding } from '../../src/metrics/cluster-metrics.js';
import { HttpMetrics } from '../../src/metrics/metrics.js';
import { parseSamples, valueOf } from './prometheus-text.js';

describe('the cluster gauges', () => {
  it('say the role, NATS and the seqs; what a process cannot tell has no sample rather than a 0', async () => {
    const metrics = new HttpMetrics({ processMetrics: false });
    let standing: () => Promise<ClusterStanding> = () =>
      Promise.resolve({ journalSeq: 12, epoch: 3, leaderLive: true });
    let applied: number | undefined = 10;
    watchCluster(
      metrics,
      () => ({ role: 'standby', natsConnected: true, appliedSeq: applied }),
      () => standing(),
    );
    let samples = parseSamples(await metrics.render());
    assert.deepEqual(
      ['leader', 'standby', 'gateway'].map((role) => valueOf(samples, 'txc_cluster_role', { role })),
      [0, 1, 0],
    );
    assert.equal(valueOf(samples, 'txc_cluster_nats_connected'), 1);
    assert.equal(valueOf(samples, 'txc_cluster_applied_seq'), 10);
    assert.equal(valueOf(samples, 'txc_cluster_journal_seq'), 12);
    assert.equal(valueOf(samples, 'txc_cluster_lease_epoch'), 3);
    assert.equal(valueOf(samples, 'txc_cluster_leader_live'), 1);

    // the store unreachable, the journal not loaded yet
    standing = () => Promise.reject(new Error('connection refused'));
    applied = undefined;
    samples = parseSamples(await metrics.render());
    const names = new Set(samples.map((s) => s.name));
    for (const name of ['txc_cluster_applied_seq', 'txc_cluster_journal_seq', 'txc_cluster_lease_epoch']) {
      assert.ok(!names.has(name), name);
    }
    assert.equal(valueOf(samples, 'txc_cluster_nats_connected'), 1, 'what it knows by itself is still there');
  });
});
