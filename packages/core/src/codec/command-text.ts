import type { Command } from '../commands/command.js';
import type { PlaceOrder } from '../commands/order-commands.js';
import { encodeJson } from './json-value.js';

/** Whether every number of an order command is one JSON carries back (they are, once accepted). */
function finiteFigures(cmd: PlaceOrder): boolean {
  return (
    Number.isFinite(cmd.price) &&
    Number.isFinite(cmd.amount) &&
    Number.isFinite(cmd.activationPrice) &&
    (cmd.stopLoss === undefined || Number.isFinite(cmd.stopLoss.ticks)) &&
    (cmd.takeProfit === undefined || Number.isFinite(cmd.takeProfit.ticks))
  );
}

/**
 * A command's journal text: exactly `encodeJson(cmd)`. Orders and cancels, most of the journal, hold
 * only strings, booleans and numbers (no bigint, Map or Set to tag), so JSON.stringify writes them
 * without the replacer, on its fast path.
 */
export function encodeCommand(cmd: Command): string {
  if (cmd.type === 'PlaceOrder' && finiteFigures(cmd)) return JSON.stringify(cmd);
  if (cmd.type === 'CancelOrder' && (cmd.orderId === undefined || Number.isFinite(cmd.orderId))) {
    return JSON.stringify(cmd);
  }
  return encodeJson(cmd);
}
