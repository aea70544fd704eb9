/** The three views and their paths under /ui/ (the server answers each with the page). */
export type View = 'market' | 'trade' | 'admin';

const BASE = '/ui/';

export function viewOf(pathname: string): View {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : '';
  if (rest.startsWith('admin')) return 'admin';
  if (rest.startsWith('trade')) return 'trade';
  return 'market';
}

export function pathOf(view: View): string {
  return view === 'market' ? BASE : `${BASE}${view}`;
}
