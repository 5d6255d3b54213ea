// The people in the case on the grievance form: a row as typed, the checks the server makes
// (so that the form sends nothing it would refuse, with the server's own messages), and what
// is sent. A victim of a sensitive case comes to the form protected: that row is not the
// user's to change, and goes back exactly as it came, which the server reads as "keep the
// victim as recorded" (it never gave the form the identity to send).
import type { Party, PartyForm, PartyRole } from '../../../api/types';
import type { components } from '../../../api/schema';
import { i18n } from '../../../i18n';

type IdKind = components['schemas']['IdKind'];

/** The server's text in place of a protected identity (its `IDENTITY_PROTECTED`), in every language. */
export const IDENTITY_PROTECTED = 'Identity protected (BNS s.72)';

export const PARTY_ROLES = ['complainant', 'victim', 'accused', 'witness'] as const satisfies readonly PartyRole[];
export const RELATIONS = ['father', 'mother', 'husband', 'guardian'] as const;
export const GENDERS = ['female', 'male', 'transgender'] as const;
export const ID_KINDS = ['aadhaar', 'voter_id', 'pan', 'passport', 'driving_licence', 'other'] as const satisfies readonly IdKind[];
/**
 * The server's stand-in for a kept number (its `id_documents::MASK`): the form shows it before
 * the last four, and sending it back so keeps the document without the form ever holding the number.
 */
export const ID_MASK = '********';
/** The oldest age the server takes. */
export const AGE_MAX = 120;

/** One person as the form holds them: each field as typed, '' when empty. */
export interface PartyRow {
  /** A stable React key for the row (not sent). */
  key: string;
  role: PartyRole | '';
  name: string;
  relation: string;
  relation_name: string;
  gender: string;
  age: string;
  date_of_birth: string;
  mobile: string;
  email: string;
  address: string;
  /** One of ID_KINDS, '' for none. */
  id_document_kind: string;
  /** As typed; a kept document's as ID_MASK and its last four. */
  id_document_number: string;
  /** A victim as the server gave it protected: shown read-only and sent back as given. */
  given: Party | null;
}

/** The fields of a row the user types or picks. */
export type PartyField = Exclude<keyof PartyRow, 'key' | 'given'>;

/** Whether the server gave this person with the identity held back. */
export function isProtected(party: Pick<Party, 'role' | 'name' | 'identity_protected'>): boolean {
  return party.identity_protected === true || (party.role === 'victim' && party.name === IDENTITY_PROTECTED);
}

/** A text of a person as the reader is shown it: the protected marker in their language. */
export function partyText(value: string | null | undefined): string | null | undefined {
  return value === IDENTITY_PROTECTED ? i18n.t('grievances:parties.protected') : value;
}

/** A text the server wrote with protected identities in it (the trail's record of the people), the marker in the reader's language. */
export function withProtectedText(text: string): string {
  return text.includes(IDENTITY_PROTECTED) ? text.split(IDENTITY_PROTECTED).join(i18n.t('grievances:parties.protected')) : text;
}

let rowCounter = 0;

/** A row for the form: empty, or a person as loaded (kept whole when protected). */
export function newPartyRow(party?: Party): PartyRow {
  rowCounter += 1;
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    key: `party-${rowCounter}`,
    role: party?.role ?? '',
    name: text(party?.name),
    relation: text(party?.relation),
    relation_name: text(party?.relation_name),
    gender: text(party?.gender),
    age: text(party?.age),
    date_of_birth: text(party?.date_of_birth),
    mobile: text(party?.mobile),
    email: text(party?.email),
    address: text(party?.address),
    id_document_kind: text(party?.id_document?.kind),
    id_document_number: party?.id_document ? `${ID_MASK}${party.id_document.last_four}` : '',
    given: party && isProtected(party) ? party : null,
  };
}

const FIELDS: readonly PartyField[] = ['role', 'name', 'relation', 'relation_name', 'gender', 'age', 'date_of_birth', 'mobile', 'email', 'address', 'id_document_kind', 'id_document_number'];

/** Nothing typed or picked in it: the form's spare row, which the server drops too. */
export function isBlankParty(row: PartyRow): boolean {
  return row.given === null && FIELDS.every((field) => !row[field].trim());
}

/**
 * A mobile number the server takes (`domain::parties::Mobile::parse`): an Indian number as
 * its ten digits starting 6 to 9, with 0, 91 or +91 before them, or + and 8 to 15 digits;
 * spaces and hyphens anywhere.
 */
export function isValidMobile(typed: string): boolean {
  const text = typed.trim();
  const international = text.startsWith('+');
  const rest = international ? text.slice(1) : text;
  if (!rest || !/^[0-9 -]+$/.test(rest)) return false;
  const digits = rest.replace(/\D/g, '');
  const indian = (ten: string) => ten.length === 10 && /^[6-9]/.test(ten);
  if (international) {
    if (digits.startsWith('91')) return indian(digits.slice(2));
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0');
  }
  if (digits.length === 10) return indian(digits);
  if (digits.length === 11 && digits.startsWith('0')) return indian(digits.slice(1));
  if (digits.length === 12 && digits.startsWith('91')) return indian(digits.slice(2));
  return false;
}

/** An email address the server takes (`domain::email::Email::parse`). */
export function isValidEmail(typed: string): boolean {
  const email = typed.trim();
  if (email.length > 254 || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return Boolean(domain) && !domain.includes('@') && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}

/** Whole years from 0 to AGE_MAX. */
export function isValidAge(typed: string): boolean {
  const text = typed.trim();
  return /^\d{1,3}$/.test(text) && Number(text) <= AGE_MAX;
}

/** The message key of a row's field, as the server names it: `parties.0.mobile`. */
export const partyKey = (index: number, field: PartyField | '') => (field ? `parties.${index}.${field}` : `parties.${index}`);

/** Every rule a row breaks, by `parties.{index}.{field}`, with the server's messages. */
export function validateParties(rows: readonly PartyRow[], today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (row.given || isBlankParty(row)) return;
    const at = (field: PartyField, key: string, values?: Record<string, unknown>) => {
      errors[partyKey(index, field)] = i18n.t(key, values);
    };
    if (!row.role) at('role', 'errors:PARTY_ROLE_INVALID');
    if (!row.name.trim()) at('name', 'grievances:form.required', { label: i18n.t('grievances:field.name') });
    if (row.age.trim() && !isValidAge(row.age)) at('age', 'errors:PARTY_AGE_INVALID', { max: AGE_MAX });
    if (row.date_of_birth && row.date_of_birth > today) at('date_of_birth', 'errors:PARTY_BORN_AFTER_TODAY');
    if (row.mobile.trim() && !isValidMobile(row.mobile)) at('mobile', 'errors:MOBILE_INVALID');
    if (row.email.trim() && !isValidEmail(row.email)) at('email', 'errors:EMAIL_INVALID');
    // The number's own form is the server's to check, kind by kind; here only that both are given.
    if (row.id_document_kind && !row.id_document_number.trim()) at('id_document_number', 'errors:ID_NUMBER_REQUIRED');
    if (!row.id_document_kind && row.id_document_number.trim()) at('id_document_kind', 'errors:ID_KIND_INVALID');
  });
  return errors;
}

/** A protected victim exactly as the server gave it, less the flag it sets on its answers only. */
function givenBack(party: Party): PartyForm {
  const { identity_protected: _flag, ...sent } = party;
  return sent;
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/**
 * A row's identity document as sent: left out when there is none (which removes a kept one),
 * a kept one as its masked number, which the server reads as unchanged.
 */
function documentSent(row: PartyRow): Pick<PartyForm, 'id_document_kind' | 'id_document_number'> {
  if (!row.id_document_kind && !row.id_document_number.trim()) return {};
  return { id_document_kind: row.id_document_kind || null, id_document_number: optional(row.id_document_number) };
}

/** Whether the number is a kept document's as the form was given it, not one typed. */
export const isMaskedNumber = (number: string) => number.startsWith(ID_MASK);

/**
 * A row with one field changed. A kept number stands only for the document it came with, so
 * another kind (or none) empties it rather than send the mask with a kind it is not of.
 */
export function changeRow(row: PartyRow, field: PartyField, value: string): PartyRow {
  const next = { ...row, [field]: value };
  if (field === 'id_document_kind' && isMaskedNumber(row.id_document_number)) next.id_document_number = '';
  return next;
}

/**
 * The people as sent: blank rows left out, protected victims as given. The server numbers its
 * messages by the rows it was sent; `partyIndexes` maps them back to the form's rows.
 */
export function partiesRequest(rows: readonly PartyRow[]): { parties: PartyForm[]; partyIndexes: number[] } {
  const parties: PartyForm[] = [];
  const partyIndexes: number[] = [];
  rows.forEach((row, index) => {
    if (isBlankParty(row)) return;
    partyIndexes.push(index);
    if (row.given) {
      parties.push(givenBack(row.given));
      return;
    }
    parties.push({
      role: row.role,
      name: row.name.trim(),
      relation: row.relation || null,
      relation_name: optional(row.relation_name),
      gender: row.gender || null,
      age: row.age.trim() ? Number(row.age.trim()) : null,
      date_of_birth: row.date_of_birth || null,
      mobile: optional(row.mobile),
      email: optional(row.email),
      address: optional(row.address),
      ...documentSent(row),
    });
  });
  return { parties, partyIndexes };
}

/** A server message's key with its row number (of the rows sent) made the form's; null when not a person's. */
export function formPartyKey(field: string, partyIndexes: readonly number[]): string | null {
  const row = /^parties\.(\d+)(.*)$/.exec(field);
  if (!row) return null;
  const sent = Number(row[1]);
  return `parties.${partyIndexes[sent] ?? sent}${row[2]}`;
}
