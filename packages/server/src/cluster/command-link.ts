import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { decodeJson, encodeJson, type Command, type CommandResults, type Rejection } from '@txc/core';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../venue/sequencer/unavailable.js';
import type { Submitted } from '../venue/sequencer/sequencer.js';
import type { Venue } from '../venue/venue.js';
import type { AppliedResult } from './journal-follower.js';
import { askLeader, type LeaderWait } from './leader-request.js';

/** Where a gateway hands the leader the commands its sockets' order methods build. */
export const commandSubject = (cluster: string): string => `txc.${cluster}.command`;

/**
 * The commands a gateway may hand over: those the socket's order methods submit for the user the
 * socket is authorized as. Anything else (an operator's command, a deposit) has no business there.
 */
const HANDED_OVER: ReadonlySet<Command['type']> = new Set([
  'PlaceOrder',
  'PlaceOco',
  'ModifyOrder',
  'CancelOrder',
  'CancelOco',
  'CancelOto',
  'CancelAllOrders',
]);

/**
 * The leader's answer once the command is durable: the seq of its journal entry (the gateway takes
 * its result from its own copy, which applies that entry as the leader did), or the engine's refusal
 * (nothing journaled).
 */
type CommandAnswer = { readonly seq: number } | { readonly rejection: Rejection } | { readonly unavailable: true };

/** The leader's side: submits each command a gateway hands over and answers once it is durable. */
export function answerCommands(nats: NatsConnection, cluster: string, venue: Venue, log: Logger): Subscription {
  return nats.subscribe(commandSubject(cluster), {
    callback: (error, msg) => {
      if (error !== null) return log.warn({ err: error }, 'gateway commands');
      const answer = (body: CommandAnswer): void => {
        msg.respond(encodeJson(body));
      };
      const command = decodeJson(msg.string()) as Command;
      if (!HANDED_OVER.has(command.type)) {
        log.error({ type: command.type }, 'a gateway handed over a command it may not');
        return answer({ unavailable: true });
      }
      venue.submit(command).then(
        ({ result, seq }) => answer(result.ok ? { seq: seq! } : { rejection: result.rejection }),
        (e: unknown) => {
          if (!(e instanceof StoreUnavailableError)) log.error({ err: e }, 'a gateway’s command failed');
          answer({ unavailable: true });
        },
      );
    },
  });
}

/**
 * The gateway's side: hands a command to whichever node leads (leader-request.ts), and resolves once
 * the gateway's own copy of the state has applied it, with the result it had there: what the socket
 * answers and pushes next shows it, as on a single server. No answer from a leader rejects as the
 * store being unavailable.
 */
export class CommandLink {
  constructor(
    private readonly nats: NatsConnection,
    private readonly cluster: string,
    private readonly wait: LeaderWait,
    /** The result of journal entry `seq`, once the gateway's copy has applied it. */
    private readonly resultOf: (seq: number) => Promise<AppliedResult>,
  ) {}

  async submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    const reply = await askLeader(this.nats, commandSubject(this.cluster), encodeJson(cmd), this.wait);
    if (reply === undefined) throw new StoreUnavailableError();
    const answer = decodeJson(reply.string()) as CommandAnswer;
    if ('unavailable' in answer) throw new StoreUnavailableError();
    if ('rejection' in answer) return { result: { ok: false, rejection: answer.rejection } };
    const value = (await this.resultOf(answer.seq)) as CommandResults[C['type']];
    return { result: { ok: true, value }, seq: answer.seq };
  }
}
