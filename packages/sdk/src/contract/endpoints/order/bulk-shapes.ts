import { Type, type TSchema } from 'typebox';

/** A refusal inside a bulk answer: the body a single request would have answered. */
export const ItemError = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
});

/** One item of a bulk answer: its result or its error, the other null (exchange docs: BulkLimitOrderResponse). */
export function bulkItem<T extends TSchema>(result: T) {
  return Type.Object({
    result: Type.Union([result, Type.Null()]),
    error: Type.Union([ItemError, Type.Null()]),
  });
}
