import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Progress } from '../../src/process/progress.js';

/** A stream that keeps what is written to it, a terminal or not. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const s = {
    isTTY,
    text: '',
    write(chunk: string): boolean {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

describe('the progress of a long operation', () => {
  it('draws done / total, rate and time left on a terminal, then clears it for one summary line', () => {
    const out = stream(true);
    const p = new Progress('txc replay', 'commands', out);
    p.update(10_000, 40_000);
    assert.match(
      out.text,
      /^\rtxc replay: 10,000 \/ 40,000 commands \(25 %\), [0-9,]+\/s, [0-9.]+ (s|min [0-9]+ s) left\S\[K$/,
    );
    p.finish('40,000 commands replayed to seq 40000', 40_000);
    assert.match(
      out.text,
      /\r\S\[Ktxc replay: 40,000 commands replayed to seq 40000 in [0-9.]+ s \([0-9,]+ commands\/s\)\n$/,
    );
  });

  it('draws nothing into a file or a pipe, and still prints its summary line', () => {
    const out = stream(false);
    const p = new Progress('txc backup', 'pages', out);
    p.update(5, 10);
    p.update(10, 10);
    assert.equal(out.text, '');
    p.finish('done', 10);
    assert.match(out.text, /^txc backup: done in [0-9.]+ s \([0-9,]+ pages\/s\)\n$/);
  });

  it('redraws at most four times a second, but always shows the end', () => {
    const out = stream(true);
    const p = new Progress('txc restore', 'commands', out);
    p.update(1, 100);
    p.update(2, 100);
    p.update(3, 100);
    assert.equal(out.text.split('\r').length - 1, 1);
    p.update(100, 100);
    assert.equal(out.text.split('\r').length - 1, 2);
  });
});
