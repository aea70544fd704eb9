import { ENDPOINTS, type Permission, type PrivateEndpoint } from '@txc/sdk';
import type { EndpointSetting, SubAccountKeyProfile } from '../../store/port.js';

/** What each documented key type may do, in txc's permission names: type 2 adds moving funds out. */
export const SUB_ACCOUNT_KEY_PERMISSIONS: Readonly<Record<1 | 2, readonly Permission[]>> = {
  1: ['trading', 'main-account', 'mining'],
  2: ['trading', 'main-account', 'withdraw', 'mining'],
};

/**
 * Paths no sub-account key may be given: deposit addresses (the docs: deposits straight into a
 * sub-account are off unless arranged; txc funds sub-accounts by transfer only), creating a code (money
 * leaving as a withdrawal does, which for a sub-account waits for its main account's confirmation,
 * where a code, paid to whoever redeems it, cannot wait) and the sub-account routes, a sub-account
 * manages none. Those routes answer a sub-account's key themselves, in the words the rest of their
 * family uses, so the key reaches them.
 */
const RESTRICTED = new Set([
  '/api/v4/main-account/address',
  '/api/v4/main-account/create-new-address',
  '/api/v4/main-account/codes',
]);
const SUB_ACCOUNT_ROUTES = '/api/v4/sub-account/';

export function restrictedForSubAccountKeys(path: string): boolean {
  return RESTRICTED.has(path) || path.startsWith(SUB_ACCOUNT_ROUTES);
}

/** Every private endpoint txc serves, by path. */
export const PRIVATE_ENDPOINTS: ReadonlyMap<string, PrivateEndpoint> = new Map(
  ENDPOINTS.filter((e): e is PrivateEndpoint => e.kind === 'private').map((e) => [e.path, e]),
);

/**
 * The endpoints one key may call besides what its permissions say. Keys the operator makes are not
 * limited. A sub-account key never calls a deposit address nor creates a code (a type 1 key has no
 * `withdraw`, so moves no funds out), and its endpoint settings limit it further: a disabled URL is refused; once any URL is
 * enabled, the key calls the enabled ones only.
 */
export class EndpointAccess {
  static readonly ANY = new EndpointAccess(undefined, new Set(), new Set());

  private constructor(
    private readonly type: 1 | 2 | undefined,
    private readonly enabled: ReadonlySet<string>,
    private readonly disabled: ReadonlySet<string>,
  ) {}

  static of(profile: SubAccountKeyProfile | undefined): EndpointAccess {
    if (profile === undefined) return EndpointAccess.ANY;
    const pick = (enable: boolean): Set<string> =>
      new Set(profile.urls.filter((u: EndpointSetting) => u.enable === enable).map((u) => u.url));
    return new EndpointAccess(profile.type, pick(true), pick(false));
  }

  allows(path: string): boolean {
    if (this.type === undefined || path.startsWith(SUB_ACCOUNT_ROUTES)) return true;
    if (RESTRICTED.has(path) || this.disabled.has(path)) return false;
    return this.enabled.size === 0 || this.enabled.has(path);
  }
}

/** The private endpoints a key with these permissions and this access may call, in the SDK's order. */
export function callableEndpoints(permissions: ReadonlySet<Permission>, access: EndpointAccess): PrivateEndpoint[] {
  return [...PRIVATE_ENDPOINTS.values()].filter(
    (e) => permissions.has(e.permission) && !restrictedForSubAccountKeys(e.path) && access.allows(e.path),
  );
}
