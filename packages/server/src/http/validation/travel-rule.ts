import { ISO_ALPHA3 } from './iso-countries.js';
import type { MainValidation } from './main-validation.js';
import { NestedFields } from './nested-fields.js';

const ALPHA3 = /^[A-Z]{3}$/;

function country(n: NestedFields, field: string): void {
  const code = n.string(field, {
    pattern: ALPHA3,
    patternMessage: `The ${n.label(field)} must be an ISO-3166 alpha-3 code.`,
  });
  if (code !== undefined && !ISO_ALPHA3.has(code)) n.add(field, `The selected ${n.label(field)} is invalid.`);
}

function structured(t: NestedFields): void {
  const walletType = t.oneOf('walletType', ['hosted', 'unhosted']);
  const b = t.child('beneficiary');
  if (b !== undefined) {
    const type = b.oneOf('type', ['individual', 'entity']);
    // An individual is named by first and last name or by a full name; an entity by its full name.
    if (type === 'entity' || b.has('fullName')) b.string('fullName', { maxLength: 255 });
    else for (const field of ['firstName', 'lastName']) b.string(field, { maxLength: 255 });
    country(b, 'residenceCountry');
    const address = b.child('address');
    if (address !== undefined) {
      country(address, 'country');
      for (const field of ['city', 'postCode', 'addressLine1']) address.string(field, { maxLength: 255 });
    }
  }
  if (walletType === 'hosted') {
    const vasp = t.child('vaspData');
    if (vasp !== undefined && !vasp.has('vaspId') && !vasp.has('vaspName')) {
      vasp.add(
        'vaspId',
        `The ${vasp.label('vaspId')} field is required when ${vasp.label('vaspName')} is not present.`,
      );
    } else if (vasp !== undefined) {
      vasp.string('vaspId', { required: false, maxLength: 255 });
      vasp.string('vaspName', { required: false, maxLength: 255 });
    }
  }
}

/** The legacy flat form `{type, vasp, name, address}`, still accepted (reference §7.4). */
function legacy(t: NestedFields): void {
  t.string('type', { maxLength: 64 });
  t.string('name', { maxLength: 255 });
  t.string('address', { maxLength: 255 });
  t.string('vasp', { required: false, maxLength: 255 });
}

/**
 * Reference §7.4 `travelRule`: the structured form (`walletType`, `beneficiary` with type, names,
 * ISO-3166 alpha-3 residence country and address, `vaspData` when hosted) or the legacy flat form.
 * A body with `walletType` is read as structured; one without it but with `name` as legacy.
 */
export function validateTravelRule(v: MainValidation, value: unknown): void {
  const t = NestedFields.object(v, 'travelRule', value);
  if (t === undefined) return;
  if (!t.has('walletType') && t.has('name')) legacy(t);
  else structured(t);
}
