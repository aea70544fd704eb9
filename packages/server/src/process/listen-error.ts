/** The server cannot listen where it was told (a port in use, an address not of this machine): one line to act on. */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  constructor(host: string, port: number, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const reason =
      code === 'EADDRINUSE'
        ? 'the port is in use (another txc, or another program): choose another with --port'
        : code === 'EADDRNOTAVAIL'
          ? 'the address is not one of this machine'
          : code === 'EACCES'
            ? 'permission denied (ports below 1024 need privileges)'
            : cause instanceof Error
              ? cause.message
              : String(cause);
    super(`cannot listen on ${host}:${port}: ${reason}`, { cause });
  }
}
