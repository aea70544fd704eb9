/** Where the server reads time. The engine never does: the sequencer stamps each command with this. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  nowMs(): number;
  /** Microseconds since the Unix epoch, never going backwards. */
  nowMicros(): number;
}

/** The system's time; `notBeforeMicros` keeps it from going back behind a journal another node wrote. */
export function systemClock(notBeforeMicros = 0): Clock {
  let last = notBeforeMicros;
  return {
    nowMs: () => Date.now(),
    nowMicros(): number {
      const now = Math.floor((performance.timeOrigin + performance.now()) * 1000);
      last = Math.max(last, now);
      return last;
    },
  };
}
