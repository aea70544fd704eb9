import type { Command, CommandType, ModifyOrder, PlaceOco, PlaceOrder } from '@txc/core';

/** The commands a client sends that put an order on a market's book, or put one there again. */
export type OrderPlacement = PlaceOrder | ModifyOrder | PlaceOco;

/**
 * Every command type, and whether it is an OrderPlacement: the compiler makes a new command type
 * say where it stands, so that none slips past a halted market unnoticed. OTO legs, stops and bulk
 * items are PlaceOrder commands; a modification places its replacement.
 */
const PLACES_AN_ORDER: { readonly [T in CommandType]: T extends OrderPlacement['type'] ? true : false } = {
  PlaceOrder: true,
  ModifyOrder: true,
  PlaceOco: true,
  // the venue's own closing orders, on every market at once: not a client's order, and a halt must
  // not leave an account under water on the markets it does not halt
  CheckLiquidations: false,
  CancelOrder: false,
  CancelAllOrders: false,
  CancelOto: false,
  CancelOco: false,
  SetKillSwitch: false,
  FireKillSwitch: false,
  DefineAsset: false,
  DefineMarket: false,
  CreateUser: false,
  CreditDeposit: false,
  Transfer: false,
  CreateMiningAccount: false,
  SetMiningPayoutDestination: false,
  CreditMiningReward: false,
  AssignDepositAddress: false,
  RequestWithdrawal: false,
  CompleteWithdrawal: false,
  CancelWithdrawal: false,
  SetIndexPrice: false,
  SetLeverage: false,
  SetHedgeMode: false,
  FundLendingPool: false,
  SettleFunding: false,
  AdoptRules: false,
  CreateCode: false,
  ApplyCode: false,
  SetUserFee: false,
  CreateSubAccount: false,
  EditSubAccount: false,
  DeleteSubAccount: false,
  SetSubAccountBlocked: false,
  TransferSubAccount: false,
  ConfirmHeldWithdrawal: false,
  ExpireHeldWithdrawal: false,
};

export function placesAnOrder(cmd: Command): cmd is OrderPlacement {
  return PLACES_AN_ORDER[cmd.type];
}
