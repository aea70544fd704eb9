import { randomUUID } from 'node:crypto';
import { renderError } from '@txc/sdk';
import { AdminError } from '../admin/admin-input.js';
import type { AdminOperations } from '../admin/admin-operations.js';
import { auditBody, auditText } from '../admin/audit-log.js';
import type { Venue } from '../venue/venue.js';
import { cliActor } from './cli-actor.js';

/** The body fields that name what an operation acts on, the first given wins. */
const SUBJECTS = ['user', 'name', 'market', 'ticker', 'address'] as const;

/**
 * What a CLI operation acts on, as its audit lines name it where the admin API's name a path: its
 * text arguments (a user, a key), else the user, name, market, asset or address its body gives,
 * else nothing (a reset).
 */
function targetOf(args: readonly unknown[]): string {
  const named = args.filter((a): a is string => typeof a === 'string');
  if (named.length > 0) return named.join(' ');
  const body = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null);
  const subject = SUBJECTS.map((field) => body?.[field]).find((v) => typeof v === 'string' && v !== '');
  return typeof subject === 'string' ? subject : '';
}

/** The operations that only read: audited no more than the admin API's GET requests are. */
const READS = new Set<string>(['showUser', 'pendingWithdrawals', 'ledger', 'stateHash', 'auditLog']);

/**
 * The admin operations of a CLI that opened the store itself, each one that can change something
 * audited as the admin API audits its requests: a request line in the commit its effects join, a
 * response line (the HTTP status the API would have answered) before the result is shown.
 */
export function auditedAdmin(admin: AdminOperations, venue: Venue, actor: string = cliActor()): AdminOperations {
  return new Proxy(admin, {
    get(target, property, receiver): unknown {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || typeof value !== 'function' || READS.has(property)) return value;
      const operation = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]): Promise<unknown> => {
        const requestId = randomUUID();
        const line = {
          requestId,
          actor,
          ip: null,
          action: `cli ${property}`,
          target: auditText(targetOf(args)),
        };
        void venue
          .recordAudit({
            ...line,
            stage: 'request',
            time: venue.clock.nowMs(),
            body: auditBody(args.find((a) => typeof a === 'object' && a !== null) ?? null),
            status: null,
          })
          .catch(() => undefined);
        let status = 200;
        try {
          return await operation.apply(target, args);
        } catch (e) {
          status = e instanceof AdminError ? renderError(e.error).status : 500;
          throw e;
        } finally {
          await venue.recordAudit({ ...line, stage: 'response', time: venue.clock.nowMs(), body: null, status });
        }
      };
    },
  });
}
