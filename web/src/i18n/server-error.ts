// Server errors in the reader's language. Every error answer carries a stable
// `code` (SCREAMING_SNAKE) with optional `params`, and per-field `field_codes`;
// the English `error` / `fields` text is the fallback. In English the server's
// own text is shown as sent (unless a count in it needs separators); in Hindi the
// `errors` catalogue's entry for the code, when it has one.
import { currentLanguage, i18n } from './index';
import { groupNumber } from './number-grouping';

export type CodedMessage = { code?: unknown; params?: unknown };

/** The text for `code` with `params` in the current language, else `fallback`. */
export function serverCodeText(message: CodedMessage, fallback: string): string {
  const { code, params } = message;
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  // In English the server's text is the one shown, unless it holds a count to group (the
  // server writes 'used by 14256 grievances'): then the English template of the same code.
  if (currentLanguage() === 'en' && !hasCountToGroup(values)) return fallback;
  if (typeof code !== 'string' || !code || code === 'ERROR') return fallback;
  const key = `errors:${code}`;
  if (!i18n.exists(key, { lng: currentLanguage(), fallbackLng: false })) return fallback;
  return i18n.t(key, { ...stringValues(values), lng: currentLanguage() });
}

function hasCountToGroup(params: Record<string, unknown>): boolean {
  const count = Number(params.count);
  return Number.isFinite(count) && Math.abs(count) >= 1000;
}

function stringValues(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) out[name] = paramText(name, String(value));
  }
  return out;
}

let englishLabels: Map<string, string> | null = null;

/** English grievance field labels ('FIR Date') -> their key, to name them in the reader's language. */
function fieldKeyOf(label: string): string | undefined {
  if (!englishLabels) {
    englishLabels = new Map();
    const fields = (i18n.getResourceBundle('en', 'grievances') as { field?: Record<string, string> } | undefined)?.field ?? {};
    for (const [key, text] of Object.entries(fields)) englishLabels.set(text, key);
  }
  return englishLabels.get(label);
}

/**
 * A parameter as the reader should see it: a count with separators, a grievance
 * field's label, a permission's resource or action and a list's item name in the
 * reader's language when the catalogues know them; anything else (data) as sent.
 */
function paramText(name: string, value: string): string {
  if (name === 'count') return groupNumber(value, currentLanguage());
  const field = fieldKeyOf(value);
  if (field) return i18n.t(`grievances:field.${field}`);
  if (name === 'resource' && i18n.exists(`roles:resource.${value}`)) return i18n.t(`roles:resource.${value}`);
  if (name === 'action' && i18n.exists(`roles:action.can_${value}`)) return i18n.t(`roles:action.can_${value}`);
  if (name === 'item') {
    const kind = /^[a-z_]+$/.test(value) ? value : undefined;
    if (kind && i18n.exists(`admin:list.${kind}.singular`)) return i18n.t(`admin:list.${kind}.singular`);
  }
  return value;
}

/** An error answer's text: the translated code, else `error`, else `message`. */
export function serverBodyText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message, code, params } = body as { error?: unknown; message?: unknown; code?: unknown; params?: unknown };
  const english = typeof error === 'string' && error ? error : typeof message === 'string' && message ? message : undefined;
  if (english === undefined) return undefined;
  return serverCodeText({ code, params }, english);
}

/** An error answer's per-field texts: each field's code translated, else its English text. */
export function serverFieldTexts(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const { fields, field_codes } = body as { fields?: unknown; field_codes?: unknown };
  const english = fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
  const codes = field_codes && typeof field_codes === 'object' ? (field_codes as Record<string, unknown>) : {};
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(english)) {
    if (typeof text !== 'string') continue;
    const coded = codes[field];
    out[field] = coded && typeof coded === 'object' ? serverCodeText(coded as CodedMessage, text) : text;
  }
  return out;
}
