/** Where the store keeps the demo keys (their secrets sealed like every other secret), for `writeDemoCredentials`. */
export const CREDENTIALS_META = 'demo.credentials';
/** What the demo credentials are sealed for: sealed elsewhere, a value does not open as them. */
export const CREDENTIALS_CONTEXT = `txc/meta/${CREDENTIALS_META}`;
