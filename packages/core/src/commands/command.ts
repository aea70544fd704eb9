import type { CreatedMiningAccount, CreateMiningAccount } from '../handlers/create-mining-account.js';
import type { AssignDepositAddress } from '../handlers/assign-deposit-address.js';
import type { CancelWithdrawal } from '../handlers/cancel-withdrawal.js';
import type { CompleteWithdrawal, WithdrawalCompletion } from '../handlers/complete-withdrawal.js';
import type { CreateUser } from '../handlers/create-user.js';
import type { CreditMiningReward, MiningRewardOutcome } from '../handlers/credit-mining-reward.js';
import type { CreditDeposit, DepositOutcome } from '../handlers/credit-deposit.js';
import type { DefineAsset } from '../handlers/define-asset.js';
import type { DefineMarket } from '../handlers/define-market.js';
import type { MiningPayoutSetting, SetMiningPayoutDestination } from '../handlers/set-mining-payout-destination.js';
import type { RequestWithdrawal, WithdrawalAccepted } from '../handlers/request-withdrawal.js';
import type { CancelAllOrders } from '../handlers/cancel-all-orders.js';
import type { CancelOrder } from '../handlers/cancel-order.js';
import type { PlaceOrder } from '../handlers/place-order.js';
import type { SetIndexPrice } from '../handlers/set-index-price.js';
import type { Transfer } from '../handlers/transfer.js';
import type { SetLeverage } from '../handlers/set-leverage.js';
import type { SetHedgeMode } from '../handlers/set-hedge-mode.js';
import type { CancelOto, OtoCancelled } from '../handlers/cancel-oto.js';
import type { FundLendingPool } from '../handlers/fund-lending-pool.js';
import type { FundingSettlement, SettleFunding } from '../handlers/settle-funding.js';
import type { CheckLiquidations } from '../handlers/check-liquidations.js';
import type { AdoptRules } from '../handlers/adopt-rules.js';
import type { OrderView } from '../state/order.js';
import type { AssetSpec } from '../spec/asset.js';
import type { MarketSpec } from '../spec/market.js';
import type { DepositAddress } from '../state/deposit-address.js';

/** Every state change of the venue is one of these. They are journaled exactly as applied. */
export type Command =
  | DefineAsset
  | DefineMarket
  | CreateUser
  | CreditDeposit
  | Transfer
  | CreateMiningAccount
  | SetMiningPayoutDestination
  | CreditMiningReward
  | AssignDepositAddress
  | RequestWithdrawal
  | CompleteWithdrawal
  | CancelWithdrawal
  | PlaceOrder
  | CancelOrder
  | CancelAllOrders
  | SetIndexPrice
  | SetLeverage
  | SetHedgeMode
  | CancelOto
  | FundLendingPool
  | SettleFunding
  | CheckLiquidations
  | AdoptRules;

export type CommandType = Command['type'];

/** What an accepted command answers, per command type. */
export interface CommandResults {
  DefineAsset: AssetSpec;
  DefineMarket: MarketSpec;
  CreateUser: { name: string; eea: boolean };
  CreditDeposit: DepositOutcome;
  Transfer: null;
  CreateMiningAccount: CreatedMiningAccount;
  SetMiningPayoutDestination: MiningPayoutSetting;
  CreditMiningReward: MiningRewardOutcome;
  AssignDepositAddress: DepositAddress;
  RequestWithdrawal: WithdrawalAccepted;
  CompleteWithdrawal: WithdrawalCompletion;
  CancelWithdrawal: { transactionId: string; refund: bigint };
  PlaceOrder: OrderView;
  CancelOrder: OrderView;
  CancelAllOrders: { cancelled: number };
  SetIndexPrice: { ticker: string; price: bigint };
  SetLeverage: { leverage: number };
  SetHedgeMode: { hedgeMode: boolean };
  CancelOto: OtoCancelled;
  FundLendingPool: { ticker: string; amount: bigint; pool: bigint };
  SettleFunding: FundingSettlement;
  CheckLiquidations: { liquidated: string[] };
  AdoptRules: { version: number };
}

export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
