// The SMS templates' rules as the Admin Panel explains them: the placeholders a template may
// hold, the ones each kind must hold, the order the table lists them in, and how long a text
// may be. The server holds the same rules and has the last word (domain::citizen): these only
// tell the Admin beforehand what it will accept.
import type { MessageKind, SmsTemplate, TemplateLanguage } from '../api/citizen-settings';

/** The kinds in the order a case meets them; the status page's code last. */
export const MESSAGE_KINDS: readonly MessageKind[] = ['registered', 'officer_changed', 'progress', 'transferred', 'closed', 'status_code'];

/** Placeholders any template may hold. */
export const SAFE_PLACEHOLDERS = ['{number}', '{station}', '{status}', '{officer}', '{date}', '{link}', '{code}'] as const;

/**
 * Placeholders only a template for cases that are not sensitive may hold: BNS s.72 forbids
 * making known the identity of victims of the offences it names, so a sensitive case's SMS
 * names neither the offence nor anyone, and never carries an officer's own words, which might.
 */
export const UNSAFE_PLACEHOLDERS = ['{message}', '{offence}', '{name}'] as const;

export type Placeholder = (typeof SAFE_PLACEHOLDERS)[number] | (typeof UNSAFE_PLACEHOLDERS)[number];

/** The longest text a template may have, in characters. */
export const MAX_TEMPLATE_LENGTH = 500;

/** The placeholders the template may hold. */
export function allowedPlaceholders(template: Pick<SmsTemplate, 'sensitive'>): readonly Placeholder[] {
  return template.sensitive ? SAFE_PLACEHOLDERS : [...SAFE_PLACEHOLDERS, ...UNSAFE_PLACEHOLDERS];
}

/** The placeholders a kind's template must hold: the code its message carries, else the grievance's number (and the closure its feedback link). */
export function requiredPlaceholders(kind: MessageKind): readonly Placeholder[] {
  switch (kind) {
    case 'status_code':
      return ['{code}'];
    case 'closed':
      return ['{number}', '{link}'];
    default:
      return ['{number}'];
  }
}

/** A text's length as the server counts it: in characters, not in UTF-16 units. */
export const characterCount = (text: string): number => [...text].length;

const LANGUAGES: readonly TemplateLanguage[] = ['en', 'hi'];

/** The table's order: by kind as a case meets them, then English before Hindi, then ordinary before sensitive. */
export function sortTemplates(templates: readonly SmsTemplate[]): SmsTemplate[] {
  const rank = (template: SmsTemplate) => [MESSAGE_KINDS.indexOf(template.kind), LANGUAGES.indexOf(template.language), template.sensitive ? 1 : 0];
  return [...templates].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

/** The key naming one template among all: its kind, language and variant. */
export const templateKey = (template: Pick<SmsTemplate, 'kind' | 'language' | 'sensitive'>): string =>
  `${template.kind}/${template.language}/${template.sensitive ? 'sensitive' : 'standard'}`;

/** Whether a value names a kind of message (an SMS's `about` in the failed list). */
export const isMessageKind = (value: string): value is MessageKind => MESSAGE_KINDS.some((kind) => kind === value);
