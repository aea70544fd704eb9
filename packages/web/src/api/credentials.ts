/**
 * Credentials live in sessionStorage only: they end with the tab, are never written to a cookie or
 * localStorage, and are never sent anywhere (the secret signs requests in the page).
 */
export interface TraderCredentials {
  readonly apiKey: string;
  readonly apiSecret: string;
}

const TRADER = 'txc.trader';
const ADMIN = 'txc.admin';

export function loadTrader(): TraderCredentials | undefined {
  const text = sessionStorage.getItem(TRADER);
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<TraderCredentials>;
    if (typeof value.apiKey === 'string' && typeof value.apiSecret === 'string') {
      return { apiKey: value.apiKey, apiSecret: value.apiSecret };
    }
  } catch {
    // a damaged entry counts as signed out
  }
  sessionStorage.removeItem(TRADER);
  return undefined;
}

export function saveTrader(credentials: TraderCredentials | undefined): void {
  if (credentials === undefined) sessionStorage.removeItem(TRADER);
  else sessionStorage.setItem(TRADER, JSON.stringify(credentials));
}

export function loadAdminToken(): string | undefined {
  return sessionStorage.getItem(ADMIN) ?? undefined;
}

export function saveAdminToken(token: string | undefined): void {
  if (token === undefined) sessionStorage.removeItem(ADMIN);
  else sessionStorage.setItem(ADMIN, token);
}
