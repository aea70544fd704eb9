import { formatUnits, type Code, type State } from '@txc/core';

export interface CodePage<T> {
  readonly total: number;
  readonly data: T[];
  readonly limit: number;
  readonly offset: number;
}

export interface CodeInfoView {
  readonly amount: string;
  readonly code: string;
  readonly date: number;
  readonly status: 'active' | 'applied';
  readonly ticker: string;
  readonly external_id: string;
}

function seconds(micros: number): number {
  return Math.floor(micros / 1_000_000);
}

function amountOf(state: State, c: Code): string {
  return formatUnits(c.amount, state.assets.get(c.ticker)?.precision ?? 0);
}

function info(state: State, c: Code, amount: string, date: number): CodeInfoView {
  return {
    amount,
    code: c.code,
    date,
    status: c.applied === null ? 'active' : 'applied',
    ticker: c.ticker,
    external_id: c.externalId,
  };
}

/** A user's code history, newest first: the codes they created and those they applied. */
function entries(state: State, user: string): { code: Code; applied: boolean }[] {
  const out: { code: Code; applied: boolean }[] = [];
  for (const ref of state.codes.history.get(user) ?? []) {
    const code = state.codes.byCode.get(ref.code);
    if (code !== undefined) out.push({ code, applied: ref.applied });
  }
  return out.reverse();
}

function page<T>(all: T[], limit: number, offset: number): CodePage<T> {
  return { total: all.length, data: all.slice(offset, offset + limit), limit, offset };
}

/** `codes/my`: the codes the user created, newest first, with their current status. */
export function myCodes(state: State, user: string, limit: number, offset: number): CodePage<CodeInfoView> {
  const created = entries(state, user).filter((e) => !e.applied);
  return page(
    created.map(({ code }) => info(state, code, amountOf(state, code), seconds(code.createdAt))),
    limit,
    offset,
  );
}

/** `codes/history`: `-amount` at each creation, `+amount` at each application, newest first. */
export function codeHistory(state: State, user: string, limit: number, offset: number): CodePage<CodeInfoView> {
  return page(
    entries(state, user).map(({ code, applied }) =>
      applied
        ? info(state, code, `+${amountOf(state, code)}`, seconds(code.applied?.at ?? code.createdAt))
        : info(state, code, `-${amountOf(state, code)}`, seconds(code.createdAt)),
    ),
    limit,
    offset,
  );
}
