// What the citizen messages' tests read from the server: the settings with a few templates,
// and messages the outbox gave up on.
import type { CitizenSettingsView, FailedMessage, SmsTemplate } from '../api/citizen-settings';

export const progressSensitiveEn: SmsTemplate = {
  kind: 'progress',
  language: 'en',
  sensitive: true,
  text: 'Grievance {number}: the investigation made progress on {date}. Details at {link} or at the police station.',
  dltTemplateId: '1007000000000000011',
  shipped: true,
};

export const progressEn: SmsTemplate = {
  kind: 'progress',
  language: 'en',
  sensitive: false,
  text: 'Grievance {number}, progress on {date}: {message}',
  dltTemplateId: '1007000000000000009',
  shipped: true,
};

export const registeredHi: SmsTemplate = {
  kind: 'registered',
  language: 'hi',
  sensitive: false,
  text: 'प्रिय {name}, आपकी शिकायत {station} में {date} को शिकायत संख्या {number} के रूप में दर्ज हुई है। स्थिति देखें: {link}',
  dltTemplateId: '1007000000000000002',
  shipped: false,
};

export const statusCodeEn: SmsTemplate = {
  kind: 'status_code',
  language: 'en',
  sensitive: false,
  text: '{code} is your code to see grievance {number}. It works for 5 minutes. Do not share it.',
  dltTemplateId: '1007000000000000021',
  shipped: true,
};

export function settingsView(extra: Partial<CitizenSettingsView> = {}): CitizenSettingsView {
  // Out of the table's order on purpose: the table sorts them.
  return { revision: 4, reopenWindowDays: 7, appealDays: 15, templates: [statusCodeEn, progressSensitiveEn, registeredHi, progressEn], ...extra };
}

export const failedSms: FailedMessage = {
  key: 'sms-41',
  channel: 'sms',
  to: '******678',
  about: 'progress',
  grievanceId: 117,
  attempts: 8,
  lastError: 'gateway answered 503',
};

export const failedEmail: FailedMessage = {
  key: 'email-9',
  channel: 'email',
  to: 'ravi@police.test',
  about: 'Grievance GRV-2026-000117 assigned to you',
  grievanceId: null,
  attempts: 8,
  lastError: null,
};

export const SETTINGS_URL = '/api/admin/citizen-settings';
export const FAILED_URL = '/api/admin/outbox/failed';
export const RESEND_URL = '/api/admin/outbox/failed/resend';
