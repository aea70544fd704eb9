import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Config } from '../config/schema.js';
import type { AdminOperations } from '../admin/admin-operations.js';
import { fileRefusal, isOperatorFacing } from './operator-facing.js';

// Every command loads what it needs when it runs: `txc --version`, `--help` and the CLI commands
// never pay for the HTTP server, the stores or the drivers they do not use.

function seed(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('an integer');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return n;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

interface StoreFlags {
  [option: string]: unknown;
  config?: string;
  dataDir?: string;
  database?: string;
}

function storeOptions(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'JSON configuration file')
    .option('--data-dir <dir>', 'data directory (default ./data)')
    .option('--database <url>', 'sqlite (default) or a postgres:// URL (or TXC_DATABASE_URL)')
    .option(
      '--master-key-file <file>',
      "file holding the master key that seals secrets at rest (default: <data-dir>/master-key; or TXC_MASTER_KEY; an engine node: the cluster's)",
    )
    .option(
      '--admin-token <token>',
      "bearer token of the admin API (default: the one kept in the data dir, generated there by the server; or TXC_ADMIN_TOKEN; an engine node: the cluster's)",
    );
}

/**
 * A gateway has none of a server's defaults: its store is the cluster's PostgreSQL, and a master key
 * or admin token other than the cluster's (one it would find in its own data dir, or none) stops it.
 */
function gatewayStoreOptions(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'JSON configuration file')
    .option('--data-dir <dir>', "the gateway's own data directory (default ./data)")
    .option('--database <url>', "the cluster's postgres:// URL, required (or TXC_DATABASE_URL)")
    .option(
      '--master-key-file <file>',
      "file holding the cluster's master key (or TXC_MASTER_KEY): every process of a cluster takes the same one",
    )
    .option(
      '--admin-token <token>',
      "the cluster's admin token (or TXC_ADMIN_TOKEN): every process of a cluster takes the same one",
    );
}

/** How a node or gateway proves itself to a secured NATS (docs/scaling.md, "A secured NATS"). */
function natsSecurityOptions(cmd: Command): Command {
  return cmd
    .option('--cluster-creds-file <file>', 'NATS credentials file (.creds: user JWT and NKEY seed)')
    .option('--cluster-ca-file <file>', "CA certificate (PEM) of the NATS server's certificate")
    .option('--cluster-cert-file <file>', 'client certificate (PEM) for NATS mutual TLS, with --cluster-key-file')
    .option('--cluster-key-file <file>', 'private key (PEM) of --cluster-cert-file');
}

async function configFrom(flags: StoreFlags & { [option: string]: unknown }): Promise<Config> {
  const { loadConfig } = await import('../config/load.js');
  const { config: file, ...rest } = flags;
  return loadConfig({ file, flags: rest });
}

/** Runs an admin operation on the configured data dir (admin-access.ts). */
async function administer<T>(flags: StoreFlags, work: (admin: AdminOperations) => Promise<T>): Promise<T> {
  const { withAdmin } = await import('./admin-access.js');
  return withAdmin(await configFrom(flags), work);
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** The server package's own version, as npm installed it. */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command()
  .name('txc')
  .description('txc: a self-hostable exchange server for the HTTP API V4')
  .version(version)
  .showHelpAfterError();

natsSecurityOptions(storeOptions(program.command('serve').description('serve the API on a data dir')))
  .option('--host <host>', 'address to listen on (default 127.0.0.1)')
  .addOption(new Option('--port <port>', 'port to listen on (default 8080)').argParser(port))
  .option('--venue <file>', 'venue definition (assets and markets)')
  .option('--demo', 'seed the demo venue (deterministic: static prices; only liquidation checks run by themselves)')
  .option('--simulate', 'add the background jobs that make a sandbox feel alive')
  .addOption(
    new Option('--seed <n>', 'seed of every random draw of a sandbox: the same seed, the same run').argParser(seed),
  )
  .option('--allow-faults', 'take fault rules through the admin API (on by default with --demo): sandboxes only')
  .option('--price-feed <feed>', 'index prices: static, random (a seeded walk) or file:<csv> of timestamp,ticker,price')
  .option('--admin-public', 'serve the admin API to non-loopback clients too')
  .option(
    '--cluster <url>',
    "run an engine node of the cluster on this NATS URL, nats:// or tls:// (needs a postgres:// --database, and the cluster's master key and admin token)",
  )
  .option('--node-id <id>', "this engine node's name in its cluster (default: host name and process id)")
  .addOption(
    new Option(
      '--log-level <level>',
      'what the log holds (default info): JSON lines, or readable lines when standard output is a terminal',
    ).choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  )
  .addOption(
    new Option(
      '--unsafe-no-fsync',
      'benchmarks only: commits do not wait for the disk (a crash loses data)',
    ).hideHelp(),
  )
  .action(async (flags: StoreFlags & Record<string, unknown>) => {
    const config = await configFrom(flags);
    const started = stopWhileStarting();
    const server =
      config.cluster === undefined
        ? await (await import('../process/serve.js')).serve(config)
        : await (await import('../cluster/engine-node.js')).runEngineNode(config);
    started();
    stopOnSignals(() => server.close(), config.cluster === undefined ? undefined : config.lease.stopWaitMs);
  });

/**
 * Stops the started process on SIGTERM or SIGINT and exits: 0 once it closed, 1 when closing failed
 * or, given `waitMs` (a cluster's processes), took longer than that.
 */
function stopOnSignals(close: () => Promise<void>, waitMs: number | undefined): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A Ctrl-C under npm start reaches txc twice (from the terminal and from npm): once stopping,
    // further signals must not end the process before the journal is flushed and the snapshot written.
    if (stopping) return;
    stopping = true;
    if (waitMs !== undefined) {
      // held, not unref'd: a close stuck on nothing the event loop waits for must end here too, saying so
      setTimeout(() => {
        process.stderr.write(
          `txc: stopped by ${signal} without finishing its stop within ${waitMs} ms (lease.stopWaitMs): PostgreSQL or NATS may not be answering; everything it acknowledged is durable\n`,
        );
        process.exit(1);
      }, waitMs);
    }
    close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`txc: shutdown failed: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Until the process has started (a cluster's waits for NATS as long as it takes), SIGTERM or SIGINT
 * stops it there and says so: it holds nothing yet that a stop must flush, and the data dir's lock
 * goes with the exit. Returns what hands the signals over to the started process's own stop.
 */
function stopWhileStarting(): () => void {
  const stop = (signal: NodeJS.Signals): void => {
    process.stderr.write(`txc: stopped by ${signal} before it had started\n`);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return () => {
    process.removeListener('SIGTERM', stop);
    process.removeListener('SIGINT', stop);
  };
}

natsSecurityOptions(
  gatewayStoreOptions(program.command('gateway').description("serve the API in front of a cluster's engine nodes")),
)
  .option('--cluster <url>', 'the NATS URL of the cluster, nats:// or tls:// (or TXC_CLUSTER)')
  .option('--host <host>', 'address to listen on (default 127.0.0.1)')
  .addOption(new Option('--port <port>', 'port to listen on (default 8080)').argParser(port))
  .option('--node-id <id>', "this gateway's name (default: host name and process id)")
  .option('--redis <url>', 'redis://… where the gateways share their rate limits (or TXC_REDIS_URL)')
  .addOption(
    new Option('--log-level <level>', 'what the log holds (default info)').choices([
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ]),
  )
  .action(async (flags: StoreFlags & Record<string, unknown>) => {
    const { runGateway } = await import('../cluster/gateway.js');
    const config = await configFrom(flags);
    const started = stopWhileStarting();
    const gateway = await runGateway(config);
    started();
    stopOnSignals(() => gateway.close(), config.lease.stopWaitMs);
  });

const user = program.command('user').description('venue users');
storeOptions(user.command('create <name>').description('create a user'))
  .option('--eea', 'an account from the European Economic Area')
  .action(async (name: string, flags: StoreFlags & { eea?: boolean }) => {
    const { eea, ...store } = flags;
    print(await administer(store, (admin) => admin.createUser({ name, eea: eea === true })));
  });
storeOptions(user.command('show <name>').description("a user's balances")).action(
  async (name: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.showUser(name)));
  },
);

const key = program.command('key').description('API keys');
storeOptions(key.command('create <user>').description('create an API key for a user'))
  .option('--permissions <list>', 'comma-separated: trading,main-account,withdraw,mining', list)
  .option('--ips <list>', 'comma-separated client IPs allowed to use the key', list)
  .option('--json', 'print the key as JSON')
  .action(async (name: string, flags: StoreFlags & { permissions?: string[]; ips?: string[]; json?: boolean }) => {
    const { permissions, ips, json, ...store } = flags;
    const created = await administer(store, (admin) => admin.createApiKey(name, { permissions, ips }));
    if (json === true) print(created);
    else {
      process.stdout.write(
        `apiKey:      ${created.apiKey}\napiSecret:   ${created.apiSecret}\npermissions: ${created.permissions.join(', ')}\n` +
          `ips:         ${created.ips.length === 0 ? 'any' : created.ips.join(', ')}\n`,
      );
    }
  });
storeOptions(key.command('revoke <apiKey>').description('revoke an API key at once')).action(
  async (apiKey: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.revokeApiKey(apiKey)));
  },
);

storeOptions(
  program
    .command('deposit <user> <ticker> <amount>')
    .description("credit a confirmed deposit to a user's main account (network: the asset's default when omitted)"),
)
  .option('--network <network>', 'network of the deposit')
  .option('--txid <txid>', 'chain transaction id (deposits are idempotent on network + txid)')
  .option('--address <address>', 'deposit address')
  .option('--memo <memo>', 'memo or destination tag')
  .action(
    async (name: string, ticker: string, amount: string, flags: StoreFlags & Record<string, string | undefined>) => {
      const { network, txid, address, memo, ...store } = flags;
      print(
        await administer(store, (admin) => admin.deposit({ user: name, ticker, amount, network, txid, address, memo })),
      );
    },
  );

const mining = program.command('mining').description('mining pool accounts and rewards');
storeOptions(mining.command('create-account <user> <name>').description('open a mining account for a user')).action(
  async (name: string, account: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.createMiningAccount({ user: name, name: account })));
  },
);
storeOptions(
  mining
    .command('reward <user> <account> <amount>')
    .description("pay a BTC reward to a mining account's payout destination"),
)
  .option('--fee <amount>', "the pool's fee withheld from the gross reward (default 0)")
  .option('--hash-rate <rate>', 'hash rate the reward was earned with, H/s (default 0)')
  .option('--fpps-rate <rate>', 'FPPS rate of the reward (default 0)')
  .option('--tx-hash <hash>', 'payout transaction hash for an external payout (default: generated)')
  .action(
    async (name: string, account: string, amount: string, flags: StoreFlags & Record<string, string | undefined>) => {
      const { fee, hashRate, fppsRate, txHash, ...store } = flags;
      print(
        await administer(store, (admin) =>
          admin.creditMiningReward({ user: name, account, amount, fee, hashRate, fppsRate, txHash }),
        ),
      );
    },
  );
const withdrawal = program.command('withdrawal').description('withdrawals waiting to be paid out');
storeOptions(withdrawal.command('list').description('pending withdrawals, oldest first')).action(
  async (flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.pendingWithdrawals()));
  },
);
storeOptions(withdrawal.command('complete <transactionId>').description('mark a withdrawal paid out'))
  .option('--hash <transactionHash>', 'the chain transaction hash of the payout')
  .option('--processed-amount <amount>', 'fiat with partialEnable: the part of the amount paid out')
  .action(async (id: string, flags: StoreFlags & { hash?: string; processedAmount?: string }) => {
    const { hash, processedAmount, ...store } = flags;
    print(await administer(store, (admin) => admin.completeWithdrawal(id, { transactionHash: hash, processedAmount })));
  });
storeOptions(withdrawal.command('reject <transactionId>').description('cancel a withdrawal, refunding amount and fee'))
  .option('--reason <reason>', 'shown as the withdrawal description')
  .action(async (id: string, flags: StoreFlags & { reason?: string }) => {
    const { reason, ...store } = flags;
    print(await administer(store, (admin) => admin.rejectWithdrawal(id, { reason })));
  });

const state = program.command('state').description('saved states of the venue: save, load, list, delete');
storeOptions(state.command('list').description('the saved states, by name')).action(async (flags: StoreFlags) => {
  print(await administer(flags, (admin) => admin.listStates()));
});
storeOptions(state.command('save <name>').description('save the venue as it stands under a name'))
  .option('--replace', 'overwrite a saved state of that name')
  .action(async (name: string, flags: StoreFlags & { replace?: boolean }) => {
    const { replace, ...store } = flags;
    print(await administer(store, (admin) => admin.saveState({ name, replace: replace === true })));
  });
storeOptions(
  state.command('load <name>').description('load a saved state in place of the venue (what came after it is gone)'),
).action(async (name: string, flags: StoreFlags) => {
  print(await administer(flags, (admin) => admin.loadState(name)));
});
storeOptions(state.command('delete <name>').description('delete a saved state')).action(
  async (name: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.deleteState(name)));
  },
);
storeOptions(program.command('reset').description('return a demo venue to its first state')).action(
  async (flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.reset()));
  },
);

storeOptions(
  program.command('ledger').description("the venue's own accounts: fees, lending pool, insurance fund"),
).action(async (flags: StoreFlags) => {
  print(await administer(flags, (admin) => admin.ledger()));
});

/**
 * A fee rate on the command line: a percent, or `market` for the market's own rate (the admin API's
 * null). Checked here so that the refusal names what the command line takes; the venue checks the
 * rate's precision.
 */
function feeArgument(value: string): string | null {
  if (value === 'market') return null;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || Number(value) > 100) {
    throw new InvalidArgumentError('a percent from 0 to 100 ("0.1" is 0.1 %), or market for the market\'s rate');
  }
  return value;
}

storeOptions(
  program
    .command('user-fee')
    .description(
      "set a user's own maker and taker fees in percent (`market`: the market's), on --market or every market",
    )
    .argument('<user>')
    .argument('<makerFee>', 'percent, or market', feeArgument)
    .argument('<takerFee>', 'percent, or market', feeArgument),
)
  .option('--market <market>', 'the market the rates are for (default: every market without rates of its own)')
  .action(
    async (name: string, makerFee: string | null, takerFee: string | null, flags: StoreFlags & { market?: string }) => {
      const { market, ...store } = flags;
      print(await administer(store, (admin) => admin.setUserFee(name, { market, makerFee, takerFee })));
    },
  );

storeOptions(program.command('index-price <ticker> <price>').description("set an asset's index price in USDT")).action(
  async (ticker: string, price: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.setIndexPrice({ ticker, price })));
  },
);

storeOptions(
  program
    .command('lending-pool <ticker> <amount>')
    .description('put money into the lending pool that margin positions borrow from'),
).action(async (ticker: string, amount: string, flags: StoreFlags) => {
  print(await administer(flags, (admin) => admin.fundLendingPool({ ticker, amount })));
});

storeOptions(program.command('funding-settle <market>').description("settle a perpetual's funding period now")).action(
  async (market: string, flags: StoreFlags) => {
    print(await administer(flags, (admin) => admin.settleFunding({ market })));
  },
);

function count(value: string): number {
  if (!/^[0-9]{1,15}$/.test(value)) throw new InvalidArgumentError('a non-negative integer');
  return Number(value);
}

storeOptions(program.command('audit').description('the admin audit log: who did what, when (oldest first)'))
  .addOption(new Option('--after <id>', 'lines after this id').argParser(count))
  .addOption(new Option('--limit <n>', 'lines to show (default 100, at most 1000)').argParser(count))
  .action(async (flags: StoreFlags & { after?: number; limit?: number }) => {
    const { after, limit, ...store } = flags;
    print(await administer(store, (admin) => admin.auditLog({ after, limit })));
  });

storeOptions(program.command('replay').description('rebuild the state from the journal and print its hash'))
  .option('--verify', 'also rebuild from the latest snapshot and check both agree')
  .action(async (flags: StoreFlags & { verify?: boolean }) => {
    const { verify, ...store } = flags;
    const { replay } = await import('./replay.js');
    const report = await replay(await configFrom(store), verify === true);
    print(report);
    if (report.verified === false) process.exitCode = 1;
  });

storeOptions(program.command('backup <file>').description('online backup of the SQLite store into a new file')).action(
  async (file: string, flags: StoreFlags) => {
    const { backup } = await import('./backup.js');
    print(await backup(await configFrom(flags), file));
  },
);

storeOptions(
  program
    .command('restore <file>')
    .description('replace the SQLite store of a data dir (no server running) with a backup; the old one is kept aside'),
).action(async (file: string, flags: StoreFlags) => {
  const { restore } = await import('./restore.js');
  print(await restore(await configFrom(flags), file));
});

const masterKey = program.command('master-key').description('the key that seals secrets at rest');
storeOptions(
  masterKey
    .command('rotate')
    .description('seal every secret of a data dir (no server running) under a new master key')
    .requiredOption('--to <file>', 'file holding the new master key (64 hexadecimal characters)'),
).action(async (flags: StoreFlags & { to: string }) => {
  const { to, ...store } = flags;
  const { rotateMasterKey } = await import('./rotate-master-key.js');
  print(await rotateMasterKey(await configFrom(store), to));
});
storeOptions(
  masterKey
    .command('forget')
    .description(
      'a lost master key: revoke every API key (and drop every secret) it sealed, and seal the store under a new key (no server running)',
    )
    .requiredOption('--to <file>', 'file holding the new master key (64 hexadecimal characters)')
    .option('--lost <ids>', 'the ids of the lost keys, as the refusal without it names them (comma-separated)', list),
).action(async (flags: StoreFlags & { to: string; lost?: string[] }) => {
  const { to, lost, ...store } = flags;
  const { forgetMasterKey } = await import('./forget-master-key.js');
  print(await forgetMasterKey(await configFrom(store), to, lost));
});

try {
  await program.parseAsync(process.argv);
} catch (e) {
  const line = isOperatorFacing(e) ? e.message : fileRefusal(e);
  process.stderr.write(`txc: ${line ?? String(e instanceof Error ? (e.stack ?? e) : e)}\n`);
  process.exitCode = 1;
}
