/** What a migration needs to know of the database it runs on: the column types that differ. */
export interface MigrationDialect {
  readonly kind: 'sqlite' | 'postgres';
  /** Integer minor units of money, never floating point. */
  readonly money: 'text' | 'numeric(78, 0)';
  /** 64-bit integers (seq, times, nonces). */
  readonly int64: 'integer' | 'bigint';
}

export function migrationDialect(kind: 'sqlite' | 'postgres'): MigrationDialect {
  return kind === 'sqlite'
    ? { kind, money: 'text', int64: 'integer' }
    : { kind, money: 'numeric(78, 0)', int64: 'bigint' };
}
