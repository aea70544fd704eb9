import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretBox } from '../../src/secrets/secret-box.js';

/** A new master key in a file of its own under `dir` (its owner's alone, as txc wants), and its id. */
export function masterKeyFile(dir: string): { file: string; id: string } {
  const key = randomBytes(32);
  const file = join(dir, 'master-key');
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  return { file, id: SecretBox.fromKey(key).keyId };
}
