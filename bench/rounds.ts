import { medianOf, type Measurement } from './suite.js';

/** A load on one subject of a comparison: `seconds` of requests, measured under `label`. */
export interface Turn {
  readonly label: string;
  load(label: string, seconds: number): Promise<Measurement>;
}

/**
 * The machine's speed drifts within minutes, so the subjects of a comparison take turns, round
 * after round, and each ratio is taken within a round, between runs seconds apart: a change of
 * speed between two rounds weighs on the runs of a round alike. The order of the turns rotates
 * from round to round (each round starts one subject later), so that no subject always follows
 * the same one. Returns each subject's runs, by round.
 */
export async function takeTurns(turns: readonly Turn[], rounds: number, seconds: number): Promise<Measurement[][]> {
  const runs: Measurement[][] = turns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < turns.length; step++) {
      const i = (round + step) % turns.length;
      const turn = turns[i];
      if (turn !== undefined) runs[i]?.push(await turn.load(turn.label, seconds));
    }
  }
  return runs;
}

/** The ratio of one subject's rate to another's, round by round, and the median of those. */
export function roundRatios(
  runs: readonly (readonly Measurement[])[],
  of: number,
  to: number,
): { values: number[]; value: number } {
  const values = (runs[of] ?? []).map((m, round) => m.perSecond / (runs[to]?.[round]?.perSecond ?? Number.NaN));
  return { values, value: medianOf(values) };
}

/** A run's rate for the notes: whole requests per second. */
export const perSecond = (m: Measurement | undefined): string => Math.round(m?.perSecond ?? 0).toLocaleString('en-US');

/** A ratio for the notes: one decimal of a percent. */
export const percent = (v: number): string => `${Math.round(v * 1000) / 10} %`;

/**
 * Runs each subject in turn, `rounds` times, each round starting one subject later (as takeTurns,
 * for measurements that are not rates): each subject's results, by round.
 */
export async function inTurns<T>(rounds: number, subjects: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const results = subjects.map((): T[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < subjects.length; step++) {
      const i = (round + step) % subjects.length;
      const subject = subjects[i];
      if (subject !== undefined) results[i]?.push(await subject());
    }
  }
  return results;
}
