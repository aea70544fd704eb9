import type { AssetSpec } from '../spec/asset.js';
import type { MarketSpec } from '../spec/market.js';
import type { DepositAddress } from '../state/deposit-address.js';
import type { OrderView } from '../state/order.js';
import type {
  CheckLiquidations,
  FundingSettlement,
  FundLendingPool,
  SetHedgeMode,
  SetLeverage,
  SettleFunding,
} from './collateral-commands.js';
import type {
  CreatedMiningAccount,
  CreateMiningAccount,
  CreditMiningReward,
  MiningPayoutSetting,
  MiningRewardOutcome,
  SetMiningPayoutDestination,
} from './mining-commands.js';
import type { ApplyCode, CodeOutcome, CreateCode } from './code-commands.js';
import type { CancelOco, OcoCancelled, OcoPlaced, PlaceOco } from './oco-commands.js';
import type { ModifyOrder } from './modify-commands.js';
import type { FireKillSwitch, SetKillSwitch } from './kill-switch-commands.js';
import type { KillSwitch } from '../state/kill-switches.js';
import type { SubAccountTransfer, SubAccountView } from '../state/sub-accounts.js';
import type {
  CreateSubAccount,
  DeleteSubAccount,
  EditSubAccount,
  SetSubAccountBlocked,
  TransferSubAccount,
} from './sub-account-commands.js';
import type { ConfirmHeldWithdrawal, ExpireHeldWithdrawal } from './held-withdrawal-commands.js';
import type { HeldWithdrawal } from '../state/held-withdrawals.js';
import type { CancelAllOrders, CancelOrder, CancelOto, OtoCancelled, PlaceOrder } from './order-commands.js';
import type {
  AdoptRules,
  CreateUser,
  DefineAsset,
  DefineMarket,
  SetIndexPrice,
  SetUserFee,
  UserFeeSetting,
} from './venue-commands.js';
import type {
  AssignDepositAddress,
  CancelWithdrawal,
  CompleteWithdrawal,
  CreditDeposit,
  DepositOutcome,
  RequestWithdrawal,
  Transfer,
  WithdrawalAccepted,
  WithdrawalCompletion,
} from './wallet-commands.js';

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
  | AdoptRules
  | CreateCode
  | ApplyCode
  | SetUserFee
  | ModifyOrder
  | SetKillSwitch
  | FireKillSwitch
  | PlaceOco
  | CancelOco
  | CreateSubAccount
  | EditSubAccount
  | DeleteSubAccount
  | SetSubAccountBlocked
  | TransferSubAccount
  | ConfirmHeldWithdrawal
  | ExpireHeldWithdrawal;

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
  CreateCode: CodeOutcome;
  ApplyCode: CodeOutcome;
  SetUserFee: UserFeeSetting;
  ModifyOrder: OrderView;
  SetKillSwitch: KillSwitch | null;
  FireKillSwitch: { cancelled: number; expired: number };
  PlaceOco: OcoPlaced;
  CancelOco: OcoCancelled;
  CreateSubAccount: SubAccountView;
  EditSubAccount: SubAccountView;
  DeleteSubAccount: { id: string };
  SetSubAccountBlocked: SubAccountView;
  TransferSubAccount: SubAccountTransfer;
  ConfirmHeldWithdrawal: WithdrawalAccepted;
  ExpireHeldWithdrawal: HeldWithdrawal;
}

export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
