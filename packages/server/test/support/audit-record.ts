import type { AuditRecord } from '../../src/store/port.js';

/** The request line of an admin deposit: a commit that touches the audit table and nothing else. */
export const auditRecord = (requestId: string): AuditRecord => ({
  requestId,
  stage: 'request',
  time: 1,
  actor: 'admin-api',
  ip: null,
  action: 'POST /admin/v1/deposits',
  target: '/admin/v1/deposits',
  body: null,
  status: null,
});
