import { connect, createServer, type Server, type Socket } from 'node:net';

/** Where a request's head ends (RFC 9112 §2.1); a head longer than the cap is passed on unread. */
const HEAD_END = '\r\n\r\n';
const HEAD_CAP = 64 * 1024;

/** A proxy's refusal of an upgrade it does not pass: the browser's WebSocket fails, HTTP goes on. */
const UPGRADE_REFUSED = 'HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

/**
 * A TCP relay to a server (a process's own road to NATS, a browser's to txc) that a test can cut and
 * mend: cut, every connection through it drops and new ones are refused, as when one machine loses
 * the network while the others keep it. Stalled, connections stay open and nothing passes either
 * way, as with a server that hangs or a partition TCP has not noticed. A relay to an HTTP server can
 * also refuse WebSocket upgrades alone, as a proxy that does not pass them.
 */
export class SeverableLink {
  private readonly sockets = new Set<Socket>();
  /** Each direction of each relayed connection: what a stall stops. */
  private readonly flows = new Set<readonly [Socket, Socket]>();
  private stalled = false;
  /** The browser's side of each WebSocket through the relay: those a refusal of upgrades drops. */
  private readonly upgraded = new Set<Socket>();
  private readonly server: Server;
  private severed = false;
  private upgradesRefused = false;
  private port = 0;

  private constructor(host: string, port: number, http: boolean) {
    this.server = createServer((client) => {
      if (this.severed) return client.destroy();
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      // a NATS server speaks first: only an HTTP client's first bytes say what its connection is for
      if (!http) return this.relay(client, host, port);
      this.readHead(client, (head) => {
        const upgrade = /^upgrade:\s*websocket\s*$/im.test(head);
        if (upgrade && this.upgradesRefused) return void client.end(UPGRADE_REFUSED, () => client.destroy());
        if (upgrade) {
          this.upgraded.add(client);
          client.on('close', () => this.upgraded.delete(client));
        }
        this.relay(client, host, port);
      });
    });
  }

  /** Calls `then` with the request head once it is read, the bytes left in `client` for the relay. */
  private readHead(client: Socket, then: (head: string) => void): void {
    let read = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      read = Buffer.concat([read, chunk]);
      const text = read.toString('latin1');
      if (!text.includes(HEAD_END) && read.length < HEAD_CAP) return;
      client.off('data', onData);
      client.pause();
      client.unshift(read);
      then(text);
    };
    client.on('data', onData);
    client.on('error', () => client.destroy());
  }

  private relay(client: Socket, host: string, port: number): void {
    if (this.severed) return void client.destroy();
    const upstream = connect({ host, port });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      const flow = [from, to] as const;
      this.sockets.add(from);
      this.flows.add(flow);
      if (this.stalled) from.pause();
      else from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        this.flows.delete(flow);
        to.destroy();
      });
    }
  }

  /** A relay on a free port of 127.0.0.1 to `target` (`nats://host:port`, `http://host:port`). */
  static async open(target: string): Promise<SeverableLink> {
    const { hostname, port, protocol } = new URL(target);
    const link = new SeverableLink(hostname, Number(port), protocol === 'http:');
    await new Promise<void>((resolve) => link.server.listen(0, '127.0.0.1', resolve));
    const address = link.server.address();
    link.port = typeof address === 'object' && address !== null ? address.port : 0;
    return link;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** The relay's address for HTTP (and WebSocket) clients. */
  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** `url` with the link's host and port: the same server, reached through the link. */
  through(url: string): string {
    const linked = new URL(url);
    linked.hostname = '127.0.0.1';
    linked.port = String(this.port);
    return linked.toString();
  }

  /** Nothing passes either way, the connections left open, until {@link flow}. */
  stall(): void {
    this.stalled = true;
    for (const [from, to] of this.flows) {
      from.unpipe(to);
      from.pause();
    }
  }

  /** Everything held by a stall passes, and what follows. */
  flow(): void {
    this.stalled = false;
    for (const [from, to] of this.flows) from.pipe(to);
  }

  /** Drops every connection through the link, and refuses new ones until it is mended. */
  cut(): void {
    this.severed = true;
    for (const s of this.sockets) s.destroy();
  }

  mend(): void {
    this.severed = false;
  }

  /**
   * Drops the WebSockets through a relay to an HTTP server, and answers each new upgrade with a 403
   * until {@link passWebSockets}: HTTP requests go through as before.
   */
  refuseWebSockets(): void {
    this.upgradesRefused = true;
    for (const s of this.upgraded) s.destroy();
  }

  passWebSockets(): void {
    this.upgradesRefused = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
