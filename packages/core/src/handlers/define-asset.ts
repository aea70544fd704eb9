import type { ApplyContext } from '../commands/context.js';
import type { DefineAsset } from '../commands/venue-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { AssetSpec } from '../spec/asset.js';
import type { State } from '../state/state.js';

export function defineAsset(state: State, cmd: DefineAsset, ctx: ApplyContext): Result<AssetSpec> {
  const existing = state.assets.get(cmd.asset.ticker);
  if (existing !== undefined && existing.precision !== cmd.asset.precision) {
    return reject('ASSET_PRECISION_FIXED', { ticker: cmd.asset.ticker });
  }
  state.assets.set(cmd.asset.ticker, cmd.asset);
  ctx.emit({ type: 'AssetDefined', asset: cmd.asset });
  return ok(cmd.asset);
}
