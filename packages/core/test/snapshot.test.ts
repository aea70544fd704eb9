import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeState, encodeState } from '../src/codec/snapshot.js';
import { createState } from '../src/state/state.js';

describe('snapshots', () => {
  it('a snapshot written before a part of the state existed decodes with that part empty', () => {
    const full = JSON.parse(encodeState(createState())) as Record<string, unknown>;
    const older = Object.fromEntries(Object.entries(full).filter(([k]) => k !== 'mining' && k !== 'deposits'));
    const decoded = decodeState(JSON.stringify(older));
    assert.equal(encodeState(decoded), encodeState(createState()));
  });
});
