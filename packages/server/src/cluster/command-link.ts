import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { decodeJson, encodeJson, type Command, type CommandResults, type Rejection } from '@txc/core';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../venue/sequencer/unavailable.js';
import type { Submitted } from '../venue/sequencer/sequencer.js';
import type { Venue } from '../venue/venue.js';
import type { AppliedResult } from './journal-follower.js';
import { BatchedAsks } from './batched-asks.js';
import { askLeader, wholeWaitMs, type LeaderWait } from './leader-request.js';

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

/**
 * The leader's side: submits the commands a gateway hands over (a batch of them, in order, in one
 * group commit) and answers the batch once each is durable or refused. A gateway of the version
 * before hands over one command a message, and hears one answer.
 */
export function answerCommands(nats: NatsConnection, cluster: string, venue: Venue, log: Logger): Subscription {
  const answerOf = (command: Command): Promise<CommandAnswer> => {
    if (!HANDED_OVER.has(command.type)) {
      log.error({ type: command.type }, 'a gateway handed over a command it may not');
      return Promise.resolve({ unavailable: true });
    }
    let submitted: Promise<Submitted<unknown>>;
    try {
      submitted = venue.submit(command);
    } catch (e) {
      // the others of the batch go on: only this one's client hears that the venue could not take it
      log.error({ err: e }, 'a gateway’s command failed');
      return Promise.resolve({ unavailable: true });
    }
    return submitted.then(
      ({ result, seq }) => (result.ok ? { seq: seq! } : { rejection: result.rejection }),
      (e: unknown) => {
        if (!(e instanceof StoreUnavailableError)) log.error({ err: e }, 'a gateway’s command failed');
        return { unavailable: true };
      },
    );
  };
  return nats.subscribe(commandSubject(cluster), {
    callback: (error, msg) => {
      if (error !== null) return log.warn({ err: error }, 'gateway commands');
      // what escapes a NATS callback stops the connection's reading, and with it every gateway's requests
      try {
        const asked = decodeJson(msg.string()) as Command | Command[];
        const commands = Array.isArray(asked) ? asked : [asked];
        const answers = venue.inOneCommit(() => commands.map(answerOf));
        Promise.all(answers)
          .then((all) => msg.respond(encodeJson(Array.isArray(asked) ? all : all[0])))
          .catch((e: unknown) => log.warn({ err: e }, 'a gateway’s commands could not be answered'));
      } catch (e) {
        log.error({ err: e }, 'a gateway’s message of commands could not be read');
      }
    },
  });
}

/**
 * The gateway's side: hands a command to whichever node leads (leader-request.ts), with the others
 * of the same turn, and resolves once the gateway's own copy of the state has applied it, with the
 * result it had there: what the socket answers and pushes next shows it, as on a single server. No
 * answer from a leader rejects as the store being unavailable.
 */
export class CommandLink {
  private readonly asks: BatchedAsks<Command, CommandAnswer>;

  constructor(
    nats: NatsConnection,
    cluster: string,
    wait: LeaderWait,
    /** The result of journal entry `seq`, once the gateway's copy has applied it. */
    private readonly resultOf: (seq: number) => Promise<AppliedResult>,
  ) {
    this.asks = new BatchedAsks(async (commands, sending) => {
      const reply = await askLeader(nats, commandSubject(cluster), encodeJson(commands), wait, sending);
      return reply === undefined ? undefined : (decodeJson(reply.string()) as CommandAnswer[]);
    }, wholeWaitMs(wait));
  }

  async submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    const answer = await this.asks.ask(cmd);
    if (answer === undefined || 'unavailable' in answer) throw new StoreUnavailableError();
    if ('rejection' in answer) return { result: { ok: false, rejection: answer.rejection } };
    const value = (await this.resultOf(answer.seq)) as CommandResults[C['type']];
    return { result: { ok: true, value }, seq: answer.seq };
  }
}
