import { formatUnits } from '@txc/core';
import { AdminError } from './admin-input.js';
import type { UserView } from './admin-operations.js';
import type { Venue } from '../venue/venue.js';

/** `GET /admin/v1/users/:name`: the user's balances in every account, committed. */
export async function showUser(venue: Venue, name: string): Promise<UserView> {
  const user = venue.state.users.get(name);
  if (user === undefined) throw new AdminError('adminNotFound', `User ${name} not found.`);
  const precision = (ticker: string): number => venue.state.assets.get(ticker)?.precision ?? 0;
  const view: UserView = {
    name: user.name,
    eea: user.eea,
    balances: {
      main: Object.fromEntries([...user.main].sort().map(([t, v]) => [t, formatUnits(v, precision(t))])),
      spot: Object.fromEntries(
        [...user.spot]
          .sort()
          .map(([t, b]) => [
            t,
            { available: formatUnits(b.available, precision(t)), freeze: formatUnits(b.freeze, precision(t)) },
          ]),
      ),
      collateral: Object.fromEntries([...user.collateral].sort().map(([t, v]) => [t, formatUnits(v, precision(t))])),
    },
  };
  await venue.barrier();
  return view;
}
