/** The header a caller of the admin API may name itself with (the CLI sends `cli:<user>@<host>`); recorded as declared. */
export const ADMIN_ACTOR_HEADER = 'x-txc-admin-actor';
