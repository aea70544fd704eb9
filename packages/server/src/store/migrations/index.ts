import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './0001-foundation.js';
import { spotTrading } from './0002-spot-trading.js';
import { wallet } from './0003-wallet.js';
import { mining } from './0004-mining.js';
import { collateral } from './0007-collateral.js';
import { funding } from './0008-funding.js';
import { adminAudit } from './0009-admin-audit.js';
import { userHistory } from './0010-user-history.js';
import { candles } from './0011-candles.js';
import { clusterLease } from './0012-cluster-lease.js';
import { subAccountKeys } from './0013-sub-account-keys.js';
import { cancelReasons } from './0014-cancel-reasons.js';
import { migrationDialect } from './dialect.js';

/** The one ordered set of migrations, for every store. Append only; never edit one that has shipped. */
export function migrations(kind: 'sqlite' | 'postgres'): MigrationProvider {
  const d = migrationDialect(kind);
  const all: Record<string, Migration> = {
    '0001-foundation': foundation(d),
    '0002-spot-trading': spotTrading(d),
    '0003-wallet': wallet(d),
    '0004-mining': mining(d),
    '0007-collateral': collateral(d),
    '0008-funding': funding(d),
    '0009-admin-audit': adminAudit(d),
    '0010-user-history': userHistory(d),
    '0011-candles': candles(d),
    '0012-cluster-lease': clusterLease(d),
    '0013-sub-account-keys': subAccountKeys(),
    '0014-cancel-reasons': cancelReasons(),
  };
  return { getMigrations: () => Promise.resolve(all) };
}
