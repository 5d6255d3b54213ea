// Calls of the Admin Panel's citizen messages: the reopen window and the appeal's time limit
// with the SMS templates in force (GET/PUT /admin/citizen-settings, PUT
// /admin/sms-templates/{kind}/{language}/{variant}), and the messages the outbox gave up on
// (GET /admin/outbox/failed, POST /admin/outbox/failed/resend). Dropdowns read to see them,
// update to change them.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type CitizenSettingsView = Schemas['CitizenSettingsView'];
export type CitizenSettingsForm = Schemas['CitizenSettingsForm'];
export type SmsTemplate = Schemas['TemplateView'];
export type SmsTemplateForm = Schemas['SmsTemplateForm'];
export type MessageKind = Schemas['MessageKind'];
export type TemplateLanguage = Schemas['Language'];
export type FailedMessage = Schemas['FailedMessage'];
export type ResendAnswer = Schemas['SuccessMessage'];

/** SWR key of the settings and templates: both saves answer with the whole view, kept under it. */
export const CITIZEN_SETTINGS_KEY = '/admin/citizen-settings';
/** SWR key of the messages not sent. */
export const FAILED_MESSAGES_KEY = '/admin/outbox/failed';

/** The template's address: its kind, its language, and the variant for ordinary or sensitive cases. */
const templatePath = (template: Pick<SmsTemplate, 'kind' | 'language' | 'sensitive'>) =>
  `/admin/sms-templates/${template.kind}/${template.language}/${template.sensitive ? 'sensitive' : 'standard'}`;

export const citizenSettingsApi = {
  /** 409 when `revision` is not the one in force: someone else saved meanwhile. */
  save: (body: CitizenSettingsForm) => api.put<CitizenSettingsView>(CITIZEN_SETTINGS_KEY, body),
  saveTemplate: (template: Pick<SmsTemplate, 'kind' | 'language' | 'sensitive'>, body: SmsTemplateForm) =>
    api.put<CitizenSettingsView>(templatePath(template), body),
  resend: (key: string) => api.post<ResendAnswer>(`${FAILED_MESSAGES_KEY}/resend`, { key }),
};
