// The complainant's side of a case as staff see it: the progress updates recorded for them,
// each sent to their mobile by SMS when the case has one; their ratings of a disposal; the
// appeal a "not satisfied" rating opens for the next level up, and its decision. Shapes come
// from the OpenAPI document; the rules mirror the server's (`domain::citizen`, `cases::citizen`)
// so that the screen says beforehand what the server will do.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { GrievanceEnvelope, GrievanceView, Party } from '../../../api/types';
import { i18n } from '../../../i18n';
import { locale } from '../../../i18n/format';
import { grievanceKey } from '../api/grievances';

type Schemas = components['schemas'];

export type CitizenLanguage = Schemas['Language'];
export type ProgressUpdate = Schemas['ProgressUpdate'];
export type Feedback = Schemas['Feedback'];
export type Appeal = Schemas['Appeal'];
export type AppealChoice = Schemas['AppealChoice'];
export type Rating = Schemas['Rating'];
type ProgressForm = Schemas['ProgressForm'];
type AppealForm = Schemas['AppealForm'];

/**
 * The languages the complainant's messages are written in, each named in itself (as the
 * language menu names them) so that the officer can show the complainant the choice.
 */
export const CITIZEN_LANGUAGES: readonly { code: CitizenLanguage; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिंदी' },
];

/** The shortest progress update the server takes, and the longest (what one SMS of a few parts carries). */
export const PROGRESS_MIN = 10;
export const PROGRESS_MAX = 300;
/** The shortest reason for an appeal's decision. */
export const APPEAL_REASON_MIN = 10;

/** Characters as the server counts them: trimmed, in code points (not UTF-16 units). */
export const textLength = (text: string): number => Array.from(text.trim()).length;

/** Why a progress update cannot be sent, in the server's own words, or null. */
export function progressProblem(text: string): string | null {
  const length = textLength(text);
  if (length < PROGRESS_MIN) return i18n.t('errors:PROGRESS_TOO_SHORT', { min: PROGRESS_MIN });
  if (length > PROGRESS_MAX) return i18n.t('errors:FIELD_TOO_LONG', { field: i18n.t('casework:citizen.progressLabel'), max: PROGRESS_MAX });
  return null;
}

/** Why an appeal's decision cannot be sent, in the server's own words, or null. */
export function appealProblem(choice: AppealChoice | '', reason: string): { decision?: string; reason?: string } | null {
  const problems: { decision?: string; reason?: string } = {};
  if (!choice) problems.decision = i18n.t('errors:APPEAL_DECISION_INVALID');
  if (textLength(reason) < APPEAL_REASON_MIN) problems.reason = i18n.t('errors:APPEAL_REASON_REQUIRED', { min: APPEAL_REASON_MIN });
  return problems.decision || problems.reason ? problems : null;
}

/** A mobile as the SMS gateway takes it: its last ten digits, the first of them 6 to 9 (`domain::citizen::sms_number`). */
function smsNumber(mobile: string): string | null {
  const digits = mobile.replace(/\D/g, '');
  const national = digits.length >= 10 ? digits.slice(-10) : '';
  return /^[6-9]/.test(national) ? national : null;
}

/** The number the case's SMS go to, as the server picks it: its first complainant's mobile that can take one. */
export function complainantMobile(parties: readonly Party[] | null | undefined): string | null {
  for (const party of parties ?? []) {
    if (party.role === 'complainant' && party.mobile && smsNumber(party.mobile)) return party.mobile;
  }
  return null;
}

/** A mobile as the trail and the screens show it: its last three digits ('******678'). */
export const maskedMobile = (mobile: string): string => `******${mobile.replace(/\D/g, '').slice(-3)}`;

/** How a progress update reaches the complainant. */
export type ProgressRoute =
  | { sms: false }
  | {
      sms: true;
      /** The mobile, masked. */
      to: string;
      /** With the informant's consent: the SMS, once the gateway takes it, meets BNSS s.193(3)(ii). */
      consent: boolean;
      /** A sensitive case's SMS says only that there was progress. */
      sensitive: boolean;
    };

export function progressRoute(grievance: Pick<GrievanceView, 'parties' | 'sms_consent' | 'sensitive'>): ProgressRoute {
  const mobile = complainantMobile(grievance.parties);
  if (!mobile) return { sms: false };
  return { sms: true, to: maskedMobile(mobile), consent: Boolean(grievance.sms_consent), sensitive: Boolean(grievance.sensitive) };
}

/** The case's appeal awaiting its decision: the last one, when it has none yet. */
export function openAppeal(appeals: readonly Appeal[] | null | undefined): Appeal | null {
  const last = appeals && appeals.length > 0 ? appeals[appeals.length - 1] : undefined;
  return last && !last.decision ? last : null;
}

/** An appeal's level ('district') as a sentence names it, in the reader's language; an unknown one as sent. */
export function levelWord(level: string): string {
  const key = `casework:citizen.level.${level}`;
  return i18n.exists(key) ? i18n.t(key) : level;
}

/** Newest first, as the case screen lists them (the server keeps them oldest first). */
export const newestFirst = <T>(items: readonly T[] | null | undefined): T[] => [...(items ?? [])].reverse();

const LONG_DATES = new Map<string, Intl.DateTimeFormat>();

/** A calendar day in words, as a sentence says it: '12 December 2026' / '12 दिसंबर 2026'. */
export function longDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return day;
  const tag = locale();
  let format = LONG_DATES.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    LONG_DATES.set(tag, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/**
 * The values the server writes in English into the trail and the dashboard (a rating's label,
 * an appeal's outcome), by their key in the casework catalogue, so that they are said in the
 * reader's language.
 */
const SERVER_WORDS: Record<string, string> = {
  Satisfied: 'citizen.rating.satisfied',
  'Partly satisfied': 'citizen.rating.partly',
  'Not satisfied': 'citizen.rating.not_satisfied',
  'Reopened on appeal': 'citizen.reopenedOnAppeal',
  'Closure confirmed on appeal': 'citizen.confirmedOnAppeal',
};

/** A rating or an appeal's outcome as the server wrote it, in the reader's language; anything else as written. */
export function citizenWord(value: string): string {
  const key = SERVER_WORDS[value];
  return key ? i18n.t(`casework:${key}`) : value;
}

export const citizenApi = {
  /** POST /grievances/{id}/progress: the case with the update on it (201). */
  recordProgress: async (grievance: Pick<GrievanceView, 'id' | 'version'>, text: string): Promise<GrievanceView> => {
    const body: ProgressForm = { text: text.trim(), version: grievance.version };
    return (await api.post<GrievanceEnvelope>(`${grievanceKey(grievance.id)}/progress`, body)).data;
  },
  /** POST /grievances/{id}/appeal: the case with the appeal decided (and reopened, when so decided). */
  decideAppeal: async (id: number, decision: AppealChoice, reason: string): Promise<GrievanceView> => {
    const body: AppealForm = { decision, reason: reason.trim() };
    return (await api.post<GrievanceEnvelope>(`${grievanceKey(id)}/appeal`, body)).data;
  },
};
