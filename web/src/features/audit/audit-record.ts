// Audit records as the screens use them.
//
// The OpenAPI document types the audit calls' records as bare objects (no
// AuditRecord schema yet), and the spec asks for 'Invalid data received from
// server' and 'Error parsing change data' when they are not what we expect, so
// each record is read field by field here instead of being trusted.
import { i18n } from '../../i18n';
import { formatDate } from '../../lib/format';
import { CITIZEN_LANGUAGES, citizenWord } from '../grievances/citizen/citizen';
import { fieldLabel } from '../grievances/field-labels';
import { withProtectedText } from '../grievances/parties/parties';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`audit:${key}`, values);

/** 'Invalid data received from server' in the current language. */
export const invalidDataText = (): string => t('invalidData');
/** 'Error parsing change data' in the current language. */
export const changeParseErrorText = (): string => t('changeParseError');

/** The answer was not a list of records. */
export class InvalidAuditData extends Error {
  constructor() {
    super(invalidDataText());
    this.name = 'InvalidAuditData';
  }
}

export interface AuditChange {
  field: string;
  /** added, removed or changed */
  action: string;
  oldValue: unknown;
  newValue: unknown;
}

export interface AuditEntry {
  id: string;
  grievance_id: number | null;
  grievance_number: string;
  action: string;
  field_name: string;
  old_value: string;
  new_value: string;
  notes: string;
  /** action_details.summary */
  summary: string;
  /** action_details.changes */
  changes: AuditChange[];
  /** action_details was present but could not be read. */
  changesError: boolean;
  /** An escalation's facts (action_details), for its notes in the reader's language. */
  escalation: EscalationFacts | null;
  user_name: string;
  user_email: string;
  user_role: string;
  ip_address: string;
  user_agent: string;
  session_id: string;
  created_at: string;
}

/** What an ESCALATED record's details say: how late, to which level and place, and the law's section for a missed clock. */
export interface EscalationFacts {
  days: number;
  level: string;
  /** The place by name ("Agra", "the state"); '' in records written before it was kept. */
  to: string;
  /** The section whose duty was missed; '' for a pendency limit. */
  source: string;
}

type Raw = Record<string, unknown>;

const str = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

function escalationOf(details: Raw): EscalationFacts | null {
  const { days_overdue: days, level, to_label: to, source } = details;
  if (typeof days !== 'number' || typeof level !== 'string') return null;
  return { days, level, to: typeof to === 'string' ? to : '', source: typeof source === 'string' ? source : '' };
}

function readDetails(value: unknown): { summary: string; changes: AuditChange[]; error: boolean; escalation?: EscalationFacts | null } {
  if (value === null || value === undefined || value === '') return { summary: '', changes: [], error: false };
  let details: unknown = value;
  if (typeof value === 'string') {
    try {
      details = JSON.parse(value);
    } catch {
      return { summary: '', changes: [], error: true };
    }
  }
  if (!details || typeof details !== 'object' || Array.isArray(details)) return { summary: '', changes: [], error: true };
  const { summary, changes } = details as Raw;
  const administrative = beforeAndAfter(details as Raw);
  if (administrative && (changes === undefined || changes === null)) return { summary: str(summary), changes: administrative, error: false };
  if (changes !== undefined && changes !== null && !Array.isArray(changes)) {
    return { summary: str(summary), changes: [], error: true };
  }
  const list = (Array.isArray(changes) ? changes : []).filter(
    (change): change is Raw => Boolean(change) && typeof change === 'object',
  );
  return {
    summary: str(summary),
    escalation: escalationOf(details as Raw),
    changes: list.map((change) => ({
      field: str(change.field),
      action: str(change.action) || 'changed',
      oldValue: change.oldValue ?? null,
      newValue: change.newValue ?? null,
    })),
    error: false,
  };
}

const isObject = (value: unknown): value is Raw => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * An administrative change's `before` and `after` (the fields that changed) as changes:
 * a field only after was added, only before removed. `null` when the details have neither.
 */
function beforeAndAfter(details: Raw): AuditChange[] | null {
  const { before, after } = details;
  if (!isObject(before) || !isObject(after)) return null;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    action: !(field in before) ? 'added' : !(field in after) ? 'removed' : 'changed',
    oldValue: before[field] ?? null,
    newValue: after[field] ?? null,
  }));
}

/** One record, read defensively. */
export function toAuditEntry(raw: unknown, index = 0): AuditEntry {
  const record: Raw = raw && typeof raw === 'object' ? (raw as Raw) : {};
  const details = readDetails(record.action_details);
  const grievanceId = typeof record.grievance_id === 'number' ? record.grievance_id : Number(record.grievance_id);
  return {
    id: str(record.id) || `record-${index}`,
    grievance_id: Number.isFinite(grievanceId) && grievanceId > 0 ? grievanceId : null,
    grievance_number: str(record.grievance_number),
    action: str(record.action),
    field_name: str(record.field_name),
    old_value: str(record.old_value),
    new_value: str(record.new_value),
    notes: str(record.notes),
    summary: details.summary,
    changes: details.changes,
    changesError: details.error,
    escalation: details.escalation ?? null,
    user_name: str(record.user_name),
    user_email: str(record.user_email),
    user_role: str(record.user_role),
    ip_address: str(record.ip_address),
    user_agent: str(record.user_agent),
    session_id: str(record.session_id),
    created_at: str(record.created_at),
  };
}

/** A list of records; anything else is invalid data. */
export function toAuditEntries(body: unknown): AuditEntry[] {
  if (!Array.isArray(body)) throw new InvalidAuditData();
  return body.map(toAuditEntry);
}

/** The records of `{success, data: [...]}` (a grievance's history). */
export function historyEntries(body: unknown): AuditEntry[] {
  const data = body && typeof body === 'object' && !Array.isArray(body) ? (body as Raw).data : body;
  return toAuditEntries(data);
}

/** 'STATUS_CHANGED' -> 'Status Changed'; legacy 'created' -> 'Created'. */
export function actionLabel(action: string): string {
  if (!action) return i18n.t('common:unknown');
  const key = `action.${action.toUpperCase()}`;
  if (i18n.exists(`audit:${key}`)) return t(key);
  return action
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A CSS modifier per action family. */
export function actionTone(action: string): string {
  switch (action.toUpperCase()) {
    case 'CREATED':
    case 'RESTORED':
    case 'LIST_ITEM_CREATED':
    case 'ROLE_CREATED':
    case 'USER_CREATED':
    // A grievance back from the trash is on the list again, as a new one is.
    case 'RESTORED':
      return 'created';
    case 'DELETED':
    case 'PURGED':
    case 'LIST_ITEM_DELETED':
    case 'ROLE_DELETED':
    case 'USER_DELETED':
    case 'PURGED':
      return 'deleted';
    case 'STATUS_CHANGED':
    case 'RESOLVED':
    case 'CLOSED':
    case 'REOPENED':
    case 'CLOSURE_REQUESTED':
    case 'CLOSURE_APPROVED':
    case 'CLOSURE_RETURNED':
    // An appeal confirms the closure or reopens the case.
    case 'APPEAL_DECIDED':
      return 'status';
    case 'PRIORITY_CHANGED':
    // Escalation is urgency too, in the orange of the grievance's 'Escalated' badge.
    case 'ESCALATED':
    // A message the complainant never got wants someone to tell them otherwise.
    case 'SMS_FAILED':
    // An appeal not decided in time went up, as an overdue case does.
    case 'APPEAL_ESCALATED':
      return 'priority';
    case 'ASSIGNED':
    case 'TRANSFERRED':
      return 'assigned';
    default:
      return 'updated';
  }
}

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

/** What the server writes in a link record instead of a grievance number the reader may not see (LINK_OUTSIDE_REACH). */
const OUTSIDE_REACH = 'a grievance outside your reach';

/**
 * A value of a change as text: '-' for empty, Yes/No, dates in en-IN, officer rows by name,
 * and a linked grievance the reader may not see and a protected victim in their language.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return i18n.t(value ? 'common:yes' : 'common:no');
  if (typeof value === 'number') return String(value);
  if (value === OUTSIDE_REACH) return i18n.t('errors:LINK_OUTSIDE_REACH');
  if (typeof value === 'string') return DATE_VALUE.test(value) ? formatDate(value) : withProtectedText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return t('none');
    return value.map(displayValue).join('; ');
  }
  if (typeof value === 'object') {
    const record = value as Raw;
    if ('officer_name' in record) {
      const from = record.from_date ? formatDate(str(record.from_date)) : '';
      const to = record.to_date ? formatDate(str(record.to_date)) : '';
      const period = from && to ? ` (${from} – ${to})` : from ? ` (${t('from', { date: from })})` : to ? ` (${t('until', { date: to })})` : '';
      return `${str(record.officer_name) || t('unnamedOfficer')}${period}`;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** What an administrative change was made to (its record's field). */
const ADMIN_SUBJECTS = new Set([
  'list_item',
  'pendency_limits',
  'transfer_limit',
  'trash_retention',
  'escalation_rules',
  'role',
  'user',
  'two_factor',
  'citizen_settings',
  'sms_template',
  'published_view',
]);

const isSms = (entry: AuditEntry) => entry.action === 'SMS_SENT' || entry.action === 'SMS_FAILED';

/** The 'Field' column: the field changed, or what a whole-record entry was. */
export function entryField(entry: AuditEntry): string {
  if (!entry.field_name) return '-';
  if (entry.field_name === 'complete_record') return fieldLabel('complete_record');
  // LINKED / UNLINKED: the other grievance's number, as old or new value.
  if (entry.field_name === 'links') return i18n.t('casework:links.title');
  // EXPORTED of one case: its case file, downloaded or printed from the screen.
  if (entry.field_name === 'case_file') return i18n.t('grievances:caseFile.open');
  // An SMS record's field is the kind of message it was.
  if (isSms(entry) && i18n.exists(`audit:citizen.smsKind.${entry.field_name}`)) return t(`citizen.smsKind.${entry.field_name}`);
  if (ADMIN_SUBJECTS.has(entry.field_name)) return t(`subject.${entry.field_name}`);
  return fieldLabel(entry.field_name);
}

/** An escalation level as recorded ('district', 'range', 'state') in the current language; '-' for none. */
function escalationLevel(value: string): string {
  const key = `casework:escalation.level.${value}`;
  return value && i18n.exists(key) ? i18n.t(key) : displayValue(value);
}

/**
 * A record's notes in the reader's language: an escalation's said from its facts (the
 * server writes them in English); any other record's as written. An escalation recorded
 * before its place was kept reads in English as written, and in Hindi by its level.
 */
export function entryNotes(entry: AuditEntry): string {
  const facts = entry.escalation;
  if (!facts || (!facts.to && i18n.language === 'en')) return entry.notes;
  // In Hindi the state is named by its word, and a place by its name without the English article.
  const to = i18n.language === 'en' ? facts.to : facts.level === 'state' || !facts.to ? escalationLevel(facts.level) : facts.to.replace(/^the /, '');
  return facts.source ? t('notes.clockMissed', { count: facts.days, source: facts.source, to }) : t('notes.overdue', { count: facts.days, to });
}

/** The complainant's language as the trail records it ('hi'), by its name ('हिंदी'). */
const languageName = (code: string): string => CITIZEN_LANGUAGES.find((language) => language.code === code)?.label ?? displayValue(code);

/**
 * What a record of the complainant's side says, in the reader's language where the server
 * wrote English: the SMS and the number it went to (masked), the rating, the appeal's
 * outcome, the levels an appeal moved between; a progress update as the text they were told.
 * Null for any other record.
 */
function citizenSummary(entry: AuditEntry): string | null {
  switch (entry.action) {
    case 'SMS_SENT':
      return t('citizen.smsSentTo', { to: entry.new_value || '-' });
    case 'SMS_FAILED':
      return t('citizen.smsFailedTo', { to: entry.new_value || '-' });
    case 'CITIZEN_VIEWED':
      return t('citizen.viewed');
    case 'FEEDBACK_RECEIVED':
    case 'APPEAL_DECIDED':
      return entry.new_value ? citizenWord(entry.new_value) : null;
    case 'PROGRESS_RECORDED':
      return entry.new_value || null;
    // The level it left and the level it went to.
    case 'APPEAL_ESCALATED':
      return `${escalationLevel(entry.old_value)} → ${escalationLevel(entry.new_value)}`;
    default:
      return entry.field_name === 'citizen_language' ? `${languageName(entry.old_value)} → ${languageName(entry.new_value)}` : null;
  }
}

/** The 'Changes' column in one line. */
export function changeSummary(entry: AuditEntry): string {
  if (entry.changesError) return changeParseErrorText();
  const citizen = citizenSummary(entry);
  if (citizen !== null) return citizen;
  // ESCALATED: the level it left (none, the first time) and the level it reached.
  if (entry.field_name === 'escalation' && entry.new_value) return `${escalationLevel(entry.old_value)} → ${escalationLevel(entry.new_value)}`;
  const wholeThing = ADMIN_SUBJECTS.has(entry.field_name) && (!entry.old_value || !entry.new_value);
  if (entry.field_name === 'complete_record' || wholeThing || (!entry.old_value && !entry.new_value)) {
    if (entry.summary) return entry.summary;
    if (entry.changes.length > 0) return t('fieldsChanged', { count: entry.changes.length });
    return entryNotes(entry) || '-';
  }
  return `${displayValue(entry.old_value)} → ${displayValue(entry.new_value)}`;
}
