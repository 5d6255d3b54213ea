// The law a case lives under: its sections (an act and a section, with the date of the
// offence), the reference list staff pick them from, the statutory clocks the BNSS puts on
// the case, and the actions that meet them. Shapes come from the OpenAPI document.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { GrievanceEnvelope } from '../../../api/types';
import { currentLanguage } from '../../../i18n';

type Schemas = components['schemas'];

export type Act = Schemas['Act'];
export type ChargedSection = Schemas['ChargedSection'];
export type SectionForm = Schemas['SectionForm'];
export type Offence = Schemas['Offence'];
export type ClockView = Schemas['ClockView'];
export type ClockRun = Schemas['ClockRun'];
export type ClockState = Schemas['ClockState'];
export type ClockEventKind = Schemas['ClockEventKind'];
export type Means = Schemas['Means'];
export type ClockActionForm = Schemas['ClockActionForm'];
export type CodeWarning = Schemas['CodeWarning'];

/** The acts a section is picked from, in the order the form offers them. */
export const ACTS: Act[] = ['BNS', 'BNSS', 'IPC', 'CrPC', 'POCSO', 'OTHER'];

/** The actions a case screen records, in the order of a case's course. */
export const CLOCK_ACTIONS: ClockEventKind[] = [
  'informant_told_of_progress',
  'investigation_completed',
  'efir_received',
  'efir_signed',
  'enquiry_opened',
  'enquiry_completed',
  'medical_examination_done',
  'medical_report_received',
];

export const MEANS: Means[] = ['phone', 'sms', 'email', 'letter', 'in_person'];

/** "BNS 303(2)", "NDPS Act 20": a section as staff cite it. */
export function citation(section: Pick<ChargedSection, 'act' | 'act_name' | 'section'>): string {
  return section.act === 'OTHER' && section.act_name ? `${section.act_name} ${section.section}` : `${section.act} ${section.section}`;
}

/** A clock's or offence's name in the reader's language. */
export function localName(english: string, hindi: string | null | undefined): string {
  return currentLanguage() === 'hi' && hindi ? hindi : english;
}

/** The day the new codes came into force: the BNS for offences from it, the BNSS for information recorded from it. */
export const NEW_CODES_FROM = '2024-07-01';

/**
 * The code a section's date does not fit, as the server words it (same codes and values), so
 * the form can warn before saving: an IPC section for an offence from 1 July 2024, a BNS one
 * before it, the CrPC for information recorded from then, the BNSS before.
 */
export function codeWarning(section: ChargedSection, firDate: string | null | undefined): { code: string; params: Record<string, string> } | null {
  const offence = section.offence_date || null;
  const recorded = firDate || null;
  const cite = citation(section);
  const at = (code: string, date: string) => ({ code, params: { section: cite, date } });
  switch (section.act) {
    case 'IPC':
      return offence && offence >= NEW_CODES_FROM ? at('OLD_CODE_AFTER_NEW_CODES', offence) : null;
    case 'BNS': {
      const day = offence ?? (recorded && recorded < NEW_CODES_FROM ? recorded : null);
      return day && day < NEW_CODES_FROM ? at('NEW_CODE_BEFORE_NEW_CODES', day) : null;
    }
    case 'CrPC':
      return recorded && recorded >= NEW_CODES_FROM ? at('OLD_PROCEDURE_AFTER_NEW_CODES', recorded) : null;
    case 'BNSS':
      return recorded && recorded < NEW_CODES_FROM ? at('NEW_PROCEDURE_BEFORE_NEW_CODES', recorded) : null;
    default:
      return null;
  }
}

export const lawApi = {
  /** Records an action on a case's clocks; answers the grievance with its clocks as they now stand. */
  recordAction: (grievanceId: number, body: ClockActionForm) => api.post<GrievanceEnvelope>(`/grievances/${grievanceId}/clock-actions`, body),
};
