import type { Command, CommandOf, CommandResults, CommandType } from './commands/command.js';
import type { ApplyContext } from './commands/context.js';
import type { Result } from './commands/rejection.js';
import type { Event } from './events/event.js';
import { createMiningAccount } from './handlers/create-mining-account.js';
import { assignDepositAddress } from './handlers/assign-deposit-address.js';
import { cancelWithdrawal } from './handlers/cancel-withdrawal.js';
import { completeWithdrawal } from './handlers/complete-withdrawal.js';
import { createUser } from './handlers/create-user.js';
import { creditMiningReward } from './handlers/credit-mining-reward.js';
import { creditDeposit } from './handlers/credit-deposit.js';
import { defineAsset } from './handlers/define-asset.js';
import { defineMarket } from './handlers/define-market.js';
import { setMiningPayoutDestination } from './handlers/set-mining-payout-destination.js';
import { requestWithdrawal } from './handlers/request-withdrawal.js';
import { cancelAllOrders } from './handlers/cancel-all-orders.js';
import { cancelOrder } from './handlers/cancel-order.js';
import { placeOrder } from './handlers/place-order.js';
import { setIndexPrice } from './handlers/set-index-price.js';
import { transfer } from './handlers/transfer.js';
import { setLeverage } from './handlers/set-leverage.js';
import { setHedgeMode } from './handlers/set-hedge-mode.js';
import { cancelOto } from './handlers/cancel-oto.js';
import { fundLendingPool } from './handlers/fund-lending-pool.js';
import { settleFunding } from './handlers/settle-funding.js';
import { checkLiquidations } from './handlers/check-liquidations.js';
import { adoptRules } from './handlers/adopt-rules.js';
import { createCode } from './handlers/create-code.js';
import { applyCode } from './handlers/apply-code.js';
import { setUserFee } from './handlers/set-user-fee.js';
import { modifyOrder } from './handlers/modify-order.js';
import { setKillSwitch } from './handlers/set-kill-switch.js';
import { fireKillSwitch } from './handlers/fire-kill-switch.js';
import { placeOco } from './handlers/place-oco.js';
import { cancelOco } from './handlers/cancel-oco.js';
import { createSubAccount } from './handlers/create-sub-account.js';
import { editSubAccount } from './handlers/edit-sub-account.js';
import { deleteSubAccount } from './handlers/delete-sub-account.js';
import { setSubAccountBlocked } from './handlers/set-sub-account-blocked.js';
import { transferSubAccount } from './handlers/transfer-sub-account.js';
import { confirmHeldWithdrawal } from './handlers/confirm-held-withdrawal.js';
import { expireHeldWithdrawal } from './handlers/expire-held-withdrawal.js';
import { repricePremium } from './funding/funding-rate.js';
import { perpetualsMovedBy } from './funding/premium-movers.js';
import type { State } from './state/state.js';

/** What the sequencer stamps on each command: its place in the journal and its time. */
export interface Stamp {
  readonly seq: number;
  /** Microseconds since the Unix epoch. */
  readonly time: number;
}

export interface Outcome<T> {
  readonly result: Result<T>;
  readonly events: readonly Event[];
}

/** The events of a command that recorded none: most orders placed rest quietly. */
const NO_EVENTS: readonly Event[] = Object.freeze([]);

/**
 * One command being applied: its handler records events into it, and once the handler has answered
 * it is the command's outcome: one object per command rather than a context and an outcome. Its list
 * of events is made by the first event, to its size, rather than as an empty array grown by a push.
 */
class Application<T> implements ApplyContext, Outcome<T> {
  private recorded: Event[] | null = null;
  /** Set as soon as the handler answers, before apply returns. */
  result!: Result<T>;

  constructor(
    readonly seq: number,
    readonly time: number,
  ) {}

  get events(): readonly Event[] {
    return this.recorded ?? NO_EVENTS;
  }

  emit(event: Event): void {
    if (this.recorded === null) this.recorded = [event];
    else this.recorded.push(event);
  }
}

type Handler<T extends CommandType> = (state: State, cmd: CommandOf<T>, ctx: ApplyContext) => Result<CommandResults[T]>;

const handlers: { readonly [T in CommandType]: Handler<T> } = {
  DefineAsset: defineAsset,
  DefineMarket: defineMarket,
  CreateUser: createUser,
  CreditDeposit: creditDeposit,
  Transfer: transfer,
  CreateMiningAccount: createMiningAccount,
  SetMiningPayoutDestination: setMiningPayoutDestination,
  CreditMiningReward: creditMiningReward,
  AssignDepositAddress: assignDepositAddress,
  RequestWithdrawal: requestWithdrawal,
  CompleteWithdrawal: completeWithdrawal,
  CancelWithdrawal: cancelWithdrawal,
  PlaceOrder: placeOrder,
  CancelOrder: cancelOrder,
  CancelAllOrders: cancelAllOrders,
  SetIndexPrice: setIndexPrice,
  SetLeverage: setLeverage,
  SetHedgeMode: setHedgeMode,
  CancelOto: cancelOto,
  FundLendingPool: fundLendingPool,
  SettleFunding: settleFunding,
  CheckLiquidations: checkLiquidations,
  AdoptRules: adoptRules,
  CreateCode: createCode,
  ApplyCode: applyCode,
  SetUserFee: setUserFee,
  ModifyOrder: modifyOrder,
  SetKillSwitch: setKillSwitch,
  FireKillSwitch: fireKillSwitch,
  PlaceOco: placeOco,
  CancelOco: cancelOco,
  CreateSubAccount: createSubAccount,
  EditSubAccount: editSubAccount,
  DeleteSubAccount: deleteSubAccount,
  SetSubAccountBlocked: setSubAccountBlocked,
  TransferSubAccount: transferSubAccount,
  ConfirmHeldWithdrawal: confirmHeldWithdrawal,
  ExpireHeldWithdrawal: expireHeldWithdrawal,
};

/**
 * The handler of a command type. Orders come and go far more than anything else, so their two
 * commands are picked out first: a look-up in the table by a key that varies is a megamorphic
 * keyed load, where comparing interned strings and loading a constant property is almost free.
 */
function handlerOf(type: CommandType): (typeof handlers)[CommandType] {
  if (type === 'PlaceOrder') return handlers.PlaceOrder;
  if (type === 'CancelOrder') return handlers.CancelOrder;
  return handlers[type];
}

/**
 * The engine's single entry point: applies one command to the state, synchronously. A rejected
 * command leaves the state exactly as it was; an accepted one advances `seq` and `time`.
 */
export function apply<C extends Command>(state: State, cmd: C, stamp: Stamp): Outcome<CommandResults[C['type']]> {
  const ctx = new Application<CommandResults[C['type']]>(stamp.seq, stamp.time);
  // The table pairs each command type with its handler; TypeScript cannot follow that through C.
  const handler = handlerOf(cmd.type) as unknown as (
    state: State,
    cmd: C,
    ctx: ApplyContext,
  ) => Result<CommandResults[C['type']]>;
  const result = handler(state, cmd, ctx);
  ctx.result = result;
  if (result.ok) {
    // only accepted commands are journaled: a replay must take the premium at the same instants
    for (const spec of perpetualsMovedBy(state, cmd)) repricePremium(state, spec, stamp.time);
    state.seq = stamp.seq;
    state.time = stamp.time;
  }
  return ctx;
}
