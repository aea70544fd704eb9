import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { natsOptions, redactedUrl } from '../../src/cluster/cluster-connection.js';
import { ConfigError } from '../../src/config/load.js';

describe("a cluster's NATS URL and files, as the client takes them", () => {
  it('the URL carries a user and password, or a token; the client gets the address alone', () => {
    const withUser = natsOptions({ cluster: 'nats://txc:p%40ss%3Aword@nats.internal:4222' });
    assert.deepEqual(withUser.options, { servers: 'nats.internal:4222', user: 'txc', pass: 'p@ss:word' });
    assert.equal(withUser.shown, 'nats://txc:***@nats.internal:4222');
    const withToken = natsOptions({ cluster: 'nats://s3cret@10.0.0.5:4222' });
    assert.deepEqual(withToken.options, { servers: '10.0.0.5:4222', token: 's3cret' });
    assert.equal(withToken.shown, 'nats://***@10.0.0.5:4222');
    assert.deepEqual(natsOptions({ cluster: 'nats://127.0.0.1:4222' }).options, { servers: '127.0.0.1:4222' });
  });

  it('tls:// or a TLS file requires TLS; a certificate needs its key', () => {
    assert.deepEqual(natsOptions({ cluster: 'tls://nats.internal' }).options, { servers: 'nats.internal', tls: {} });
    const mutual = natsOptions({
      cluster: 'nats://nats.internal:4222',
      clusterCaFile: 'ca.pem',
      clusterCertFile: 'node.pem',
      clusterKeyFile: 'node.key',
    });
    assert.deepEqual(mutual.options.tls, { caFile: 'ca.pem', certFile: 'node.pem', keyFile: 'node.key' });
    assert.throws(() => natsOptions({ cluster: 'tls://h', clusterCertFile: 'node.pem' }), ConfigError);
    // by address, the server's certificate must name the address (the client alone would check `localhost`)
    assert.equal(typeof natsOptions({ cluster: 'tls://10.0.0.5:4222' }).options.tls?.checkServerIdentity, 'function');
  });

  it('a credentials file signs with its seed; credentials in the URL as well are refused, without showing them', () => {
    assert.equal(
      typeof natsOptions({ cluster: 'tls://h:4222', clusterCredsFile: 'a.creds' }).options.authenticator,
      'function',
    );
    assert.throws(
      () => natsOptions({ cluster: 'nats://txc:hunter2@h:4222', clusterCredsFile: 'a.creds' }),
      (e: Error) => e instanceof ConfigError && !e.message.includes('hunter2'),
    );
  });

  it('a malformed escape in the credentials is a configuration error that does not show them', () => {
    assert.throws(
      () => natsOptions({ cluster: 'nats://txc:hunter2%zz@h:4222' }),
      (e: Error) => e instanceof ConfigError && !e.message.includes('hunter2'),
    );
  });

  it('redacts only what is secret', () => {
    assert.equal(redactedUrl('tls://u:x@h:1'), 'tls://u:***@h:1');
    assert.equal(redactedUrl('nats://h:4222'), 'nats://h:4222');
    assert.equal(redactedUrl('nats://u:p@ss/w@h:4222'), 'nats://u:***@h:4222');
  });
});
