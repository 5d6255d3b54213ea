// The SPA's languages: English and Hindi (one JSON per namespace under
// locales/<language>/). English is bundled; Hindi is fetched as one chunk the first time
// it is chosen (./hindi.ts), so that a reader of one language downloads only its own
// catalogues. The Admin Panel's and the Import tab's English texts come with their screens
// (./chunk-texts.ts). The choice is kept in localStorage ('portal.language') and sets <html lang>.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { groupNumber } from './number-grouping';
import enCommon from './locales/en/common.json';
import enAuth from './locales/en/auth.json';
import enDashboard from './locales/en/dashboard.json';
import enGrievances from './locales/en/grievances.json';
import enCasework from './locales/en/casework.json';
import enUsers from './locales/en/users.json';
import enRoles from './locales/en/roles.json';
import enAudit from './locales/en/audit.json';
import enProfile from './locales/en/profile.json';
import enErrors from './locales/en/errors.json';
import enTwoFactor from './locales/en/twoFactor.json';
import enReports from './locales/en/reports.json';
import enNotifications from './locales/en/notifications.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_KEY = 'portal.language';
export const NAMESPACES = ['common', 'auth', 'dashboard', 'grievances', 'casework', 'users', 'roles', 'admin', 'audit', 'profile', 'errors', 'twoFactor', 'reports', 'notifications'] as const;

export const resources = {
  en: { common: enCommon, auth: enAuth, dashboard: enDashboard, grievances: enGrievances, casework: enCasework, users: enUsers, roles: enRoles, audit: enAudit, profile: enProfile, errors: enErrors, twoFactor: enTwoFactor, reports: enReports, notifications: enNotifications },
} as const;

/** The languages whose catalogues are in i18next. */
const loaded = new Set<string>(['en']);

/** Makes sure `language`'s catalogues are loaded (Hindi's are fetched the first time). */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { hindi } = await import('./hindi');
  for (const [namespace, bundle] of Object.entries(hindi)) i18n.addResourceBundle('hi', namespace, bundle, true, true);
  loaded.add(language);
}

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The remembered language, else English. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** The language on screen now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : isLanguage(i18n.language) ? i18n.language : 'en';
}

function applyLang(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLanguage(language) ? language : 'en';
  // The window's title in the same language ('Grievance Portal' in English, as in index.html).
  if (i18n.isInitialized) document.title = i18n.t('auth:title');
}

/** Switches the whole SPA to `language` at once and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Initialises i18next once, synchronously, in English or in a language already loaded; a
 * language still to be fetched follows once it is ([`startI18n`] waits for it).
 */
export function initI18n(language: Language = storedLanguage()) {
  const ready: Language = loaded.has(language) ? language : 'en';
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyLang);
    void i18n.use(initReactI18next).init({
      resources,
      lng: ready,
      fallbackLng: 'en',
      supportedLngs: ['en', 'hi'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    // '{{count, number}}' in a catalogue: the count with separators, en-IN or hi-IN.
    i18n.services.formatter?.add('number', (value, lng) => groupNumber(value, lng));
    applyLang(ready);
  } else if (i18n.language !== ready) {
    void i18n.changeLanguage(ready);
  }
  if (ready !== language) void setLanguage(language);
  return i18n;
}

/** Initialises i18next in the remembered language, its catalogues loaded: the app's start. */
export async function startI18n(): Promise<void> {
  const language = storedLanguage();
  initI18n('en');
  if (language !== 'en') {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  }
}

export { i18n };
