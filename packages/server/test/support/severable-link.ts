import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a server (a process's own road to NATS, a browser's to txc) that a test can cut and
 * mend: cut, every connection through it drops and new ones are refused, as when one machine loses
 * the network while the others keep it.
 */
export class SeverableLink {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private severed = false;
  private port = 0;

  private constructor(host: string, port: number) {
    this.server = createServer((client) => {
      if (this.severed) return client.destroy();
      const upstream = connect({ host, port });
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
  }

  /** A relay on a free port of 127.0.0.1 to `target` (`nats://host:port`, `http://host:port`). */
  static async open(target: string): Promise<SeverableLink> {
    const { hostname, port } = new URL(target);
    const link = new SeverableLink(hostname, Number(port));
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

  /** Drops every connection through the link, and refuses new ones until it is mended. */
  cut(): void {
    this.severed = true;
    for (const s of this.sockets) s.destroy();
  }

  mend(): void {
    this.severed = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
