/**
 * An OCO group (exchange docs, `order/collateral/oco`): a limit leg (the take-profit) and a
 * stop-limit leg (the stop-loss) of one collateral order, only one of which may ever execute. The
 * group lives while both legs wait untouched: the first fill of either, the stop's trigger, or the
 * end of either leg dissolves it, and the other leg is cancelled in that same command. Immutable.
 */
export interface OcoGroup {
  readonly id: number;
  readonly user: string;
  readonly market: string;
  /** The take-profit leg: a limit order. */
  readonly limitId: number;
  /** The stop-loss leg: a stop-limit order. */
  readonly stopId: number;
}

/**
 * The live OCO groups, by their own id and by the id of each of their legs (ids of one sequence, the
 * orders'): a leg's group is one look-up away wherever an order fills or ends.
 */
export type OcoGroups = Map<number, OcoGroup>;

export function addOcoGroup(groups: OcoGroups, group: OcoGroup): void {
  groups.set(group.id, group);
  groups.set(group.limitId, group);
  groups.set(group.stopId, group);
}

/** The group gone: its legs go on, or end, as orders of their own. */
export function dissolveOcoGroup(groups: OcoGroups, group: OcoGroup): void {
  groups.delete(group.id);
  groups.delete(group.limitId);
  groups.delete(group.stopId);
}

/** The other leg of a leg's group; none for the group's own id. */
export function siblingLeg(group: OcoGroup, orderId: number): number | undefined {
  if (orderId === group.id) return undefined;
  return orderId === group.limitId ? group.stopId : group.limitId;
}

/** Each live group once, in the order of their ids. */
export function ocoGroupsOf(groups: OcoGroups): OcoGroup[] {
  const out: OcoGroup[] = [];
  for (const [key, group] of groups) if (key === group.id) out.push(group);
  return out.sort((a, b) => a.id - b.id);
}
