import { Type } from 'typebox';
import { AuthFields, DecimalString, Ticker } from '../../schemas.js';

/** Reference §7.4 `beneficiary`: names in Latin letters (≤ 40), email, phone, birthDate YYYY-MM-DD. */
export const Beneficiary = Type.Object({
  firstName: Type.String({ maxLength: 40 }),
  lastName: Type.String({ maxLength: 40 }),
  phone: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  birthDate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});

const Address = Type.Object({
  country: Type.String({ description: 'ISO-3166 alpha-3' }),
  city: Type.String(),
  postCode: Type.String(),
  addressLine1: Type.String(),
});

/** Reference §7.4 `travelRule`, structured form (the legacy flat form `{type, vasp, name, address}` is accepted too). */
export const TravelRule = Type.Union([
  Type.Object({
    walletType: Type.Union([Type.Literal('hosted'), Type.Literal('unhosted')]),
    beneficiary: Type.Object({
      type: Type.Union([Type.Literal('individual'), Type.Literal('entity')]),
      firstName: Type.Optional(Type.String()),
      lastName: Type.Optional(Type.String()),
      fullName: Type.Optional(Type.String()),
      residenceCountry: Type.String({ description: 'ISO-3166 alpha-3' }),
      address: Address,
    }),
    vaspData: Type.Optional(
      Type.Object({ vaspId: Type.Optional(Type.String()), vaspName: Type.Optional(Type.String()) }),
    ),
  }),
  Type.Object({ type: Type.String(), vasp: Type.Optional(Type.String()), name: Type.String(), address: Type.String() }),
]);

/** The body shared by withdraw and withdraw-pay. `uniqueId` may also be spelled `unique_id`. */
export const WithdrawRequest = Type.Object({
  ...AuthFields,
  ticker: Ticker,
  amount: DecimalString,
  address: Type.String(),
  uniqueId: Type.Optional(Type.String({ maxLength: 255 })),
  unique_id: Type.Optional(Type.String({ maxLength: 255 })),
  memo: Type.Optional(Type.String()),
  provider: Type.Optional(Type.String()),
  network: Type.Optional(Type.String()),
  partialEnable: Type.Optional(Type.Boolean()),
  customerIp: Type.Optional(
    Type.String({ description: 'the customer’s IP address: required where the provider asks for it (USD/EUR cards)' }),
  ),
  bankBic: Type.Optional(
    Type.String({ description: 'the bank’s BIC (ISO 9362): required where the provider asks for it (SEPA)' }),
  ),
  beneficiary: Type.Optional(Beneficiary),
  travelRule: Type.Optional(TravelRule),
});
