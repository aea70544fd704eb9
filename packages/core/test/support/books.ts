import { fastBook, naiveBook, type BookFactory } from '../../src/index.js';

/** Both book implementations: every book and trading test runs against each. */
export const BOOKS: readonly { readonly name: string; readonly factory: BookFactory }[] = [
  { name: 'fast book', factory: fastBook },
  { name: 'naive book', factory: naiveBook },
];
