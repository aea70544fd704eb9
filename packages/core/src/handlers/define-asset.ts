import type { ApplyContext } from '../commands/context.js';
import type { DefineAsset } from '../commands/venue-commands.js';
import { ok, type Result } from '../commands/rejection.js';
import type { AssetSpec } from '../spec/asset.js';
import { assetDefinitionRefusal } from './definition-refusal.js';
import type { State } from '../state/state.js';

export function defineAsset(state: State, cmd: DefineAsset, ctx: ApplyContext): Result<AssetSpec> {
  const refusal = assetDefinitionRefusal(state.assets, cmd.asset);
  if (refusal !== undefined) return { ok: false, rejection: refusal };
  state.assets.set(cmd.asset.ticker, cmd.asset);
  ctx.emit({ type: 'AssetDefined', asset: cmd.asset });
  return ok(cmd.asset);
}
