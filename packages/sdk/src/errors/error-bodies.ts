import { Type } from 'typebox';

/** Every error of a public endpoint (spec §7): a message and an empty `params`. */
export const PublicErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    params: Type.Array(Type.Unknown(), { maxItems: 0 }),
  },
  { description: 'Public error: {"success":false,"message":"…","params":[]}' },
);

/**
 * Every error of a private endpoint (spec §7): the API's code, its message, and the messages per
 * field, `{}` when no field is at fault (authentication and nonce refusals too).
 */
export const PrivateErrorBody = Type.Object(
  {
    code: Type.Integer({ description: 'Request validation: 30 on order endpoints, 0 on main-account and mining' }),
    message: Type.String({ examples: ['Validation failed', 'Inner validation failed', 'Unauthorized request.'] }),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  { description: 'Private error: {"code":…,"message":"…","errors":{"field":["…"]}}' },
);
