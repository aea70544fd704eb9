/** The admin API's tag in the OpenAPI document. */
export const ADMIN_TAG = 'Admin';

/** The admin token, sent as `Authorization: Bearer <token>` (TXC_ADMIN_TOKEN). */
export const ADMIN_SECURITY_SCHEME = {
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The admin token (TXC_ADMIN_TOKEN). The admin API answers loopback clients only, unless --admin-public.',
  },
} as const;
