import { connect, createServer, type Server, type Socket } from 'node:net';

/** A statement a PostgresRelay holds back on its way to the server. */
export interface HeldStatement {
  /** Resolves once a statement matched and is being held. */
  readonly reached: Promise<void>;
  /** Sends it on, with whatever its connection sent after it meanwhile. */
  letGo(): void;
}

/**
 * A TCP relay to a PostgreSQL server (a process's own road to its database) that can hold back one
 * statement a test names: the server sees it only when the test lets it go, so that a test decides
 * the order in which two statements of one process, sent on two connections, reach the database.
 */
export class PostgresRelay {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private port = 0;
  /** The text of the statement to hold next, and what to tell once one is held. */
  private wanted: { readonly text: Buffer; readonly caught: (letGo: () => void) => void } | undefined;

  private constructor(
    private readonly target: URL,
    host: string,
    port: number,
  ) {
    this.server = createServer((client) => {
      const upstream = connect({ host, port });
      let held: Buffer[] | undefined;
      client.on('data', (chunk: Buffer) => {
        if (held !== undefined) return void held.push(chunk);
        const wanted = this.wanted;
        if (wanted === undefined || !chunk.includes(wanted.text)) return void upstream.write(chunk);
        this.wanted = undefined;
        const queue = [chunk];
        held = queue;
        wanted.caught(() => {
          held = undefined;
          for (const c of queue) upstream.write(c);
        });
      });
      upstream.pipe(client);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
  }

  /** A relay on a free port of 127.0.0.1 to the server of `databaseUrl`. */
  static async open(databaseUrl: string): Promise<PostgresRelay> {
    const target = new URL(databaseUrl);
    const relay = new PostgresRelay(target, target.hostname, Number(target.port || 5432));
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
    const address = relay.server.address();
    relay.port = typeof address === 'object' && address !== null ? address.port : 0;
    return relay;
  }

  /** The database's URL through the relay. */
  get url(): string {
    const url = new URL(this.target.href);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.href;
  }

  /** Holds the next statement whose text holds `text`, and what its connection sends after it. */
  hold(text: string): HeldStatement {
    let letGo: (() => void) | undefined;
    const reached = new Promise<void>((resolve) => {
      this.wanted = {
        text: Buffer.from(text),
        caught: (release) => {
          letGo = release;
          resolve();
        },
      };
    });
    return { reached, letGo: () => letGo?.() };
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
