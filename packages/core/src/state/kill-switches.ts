/** The kinds of orders a kill-switch reaches (the reference's `types`: `spot`, `margin`, `futures`). */
export type KillSwitchKind = 'spot' | 'margin' | 'futures';

/**
 * A user's kill-switch on one market (`order/kill-switch`): unless refreshed or disarmed before
 * `expiresAt`, the user's open orders on the market of the kinds named (every kind when null) are
 * cancelled. Times are the venue's, in microseconds: `start` when it was armed or last refreshed.
 */
export interface KillSwitch {
  readonly user: string;
  readonly market: string;
  readonly kinds: readonly KillSwitchKind[] | null;
  readonly start: number;
  readonly expiresAt: number;
}

/** The armed kill-switches, by `killSwitchKey(user, market)`. */
export type KillSwitches = Map<string, KillSwitch>;

export function killSwitchKey(user: string, market: string): string {
  return `${user}\u0000${market}`;
}

/** The kill-switches due at `time` (microseconds), earliest first. */
export function dueKillSwitches(switches: KillSwitches, time: number): KillSwitch[] {
  return [...switches.values()].filter((s) => s.expiresAt <= time).sort((a, b) => a.expiresAt - b.expiresAt);
}
