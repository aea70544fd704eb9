import type { ErrorFamily } from '@txc/sdk';

/** Which body family a request's errors answer in, decided by its path alone. */
export function familyOf(url: string): ErrorFamily {
  if (url.startsWith('/admin/')) return 'admin';
  if (url.startsWith('/api/v4/') && !url.startsWith('/api/v4/public/')) return 'private';
  return 'public';
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
