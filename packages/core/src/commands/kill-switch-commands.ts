import type { KillSwitchKind } from '../state/kill-switches.js';

/** The timeouts a kill-switch may be armed with, in seconds (exchange docs: 5 to 600). */
export const KILL_SWITCH_MIN_SECONDS = 5;
export const KILL_SWITCH_MAX_SECONDS = 600;

/**
 * Arms, refreshes (`timeout` seconds from the command's time) or disarms (`timeout` null) a user's
 * kill-switch on a market, for the kinds of orders named (every kind when null).
 */
export interface SetKillSwitch {
  readonly type: 'SetKillSwitch';
  readonly user: string;
  readonly market: string;
  readonly timeout: number | null;
  readonly kinds: readonly KillSwitchKind[] | null;
}

/**
 * Sets off a kill-switch whose time has come: the server's timer sends it, with the venue's time in
 * its stamp, once the switch has expired (at start-up for one that expired while the server was
 * down). Refused while the switch is not due, so a replay decides it as it was decided.
 */
export interface FireKillSwitch {
  readonly type: 'FireKillSwitch';
  readonly user: string;
  readonly market: string;
}
