import { hostname, userInfo } from 'node:os';

/** Who runs this CLI, as far as the machine says. */
export function cliActor(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // Containers may run a uid without a passwd entry.
    user = `uid-${process.getuid?.() ?? 'unknown'}`;
  }
  return `cli:${user}@${hostname()}`;
}
