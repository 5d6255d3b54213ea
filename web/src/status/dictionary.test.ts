// The page's English and Hindi words: the same keys and placeholders, Hindi that is Hindi, and
// error texts that are still the staff app's (copied, as the page loads no catalogue).
import enErrors from '../i18n/locales/en/errors.json';
import hiErrors from '../i18n/locales/hi/errors.json';
import { en, hi } from './dictionary';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the status page dictionaries', () => {
  it('have the same keys in English and Hindi', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('give every key a text, with the same placeholders in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim(), key).not.toBe('');
      expect(hi[key].trim(), key).not.toBe('');
      expect(placeholders(hi[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('leave no English text in Hindi', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(hi[key], key).not.toBe(en[key]);
      expect(hi[key], key).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("copy the staff app's error texts for the codes the page can get", () => {
    const english = enErrors as Record<string, string>;
    const hindi = hiErrors as Record<string, string>;
    const codes = Object.keys(en).filter((key) => key.startsWith('error.')).map((key) => key.slice('error.'.length));
    expect(codes).toEqual(
      expect.arrayContaining([
        'STATUS_LOOKUP_INVALID',
        'MOBILE_INVALID',
        'STATUS_CODE_INVALID',
        'STATUS_CODE_WRONG',
        'STATUS_CODE_ATTEMPTS_USED',
        'CITIZEN_TOO_MANY_REQUESTS',
        'CITIZEN_ACCESS_EXPIRED',
        'FEEDBACK_LINK_INVALID',
        'RATING_INVALID',
        'FEEDBACK_NOT_OPEN',
        'FEEDBACK_GIVEN',
        'SERVER_ERROR',
      ]),
    );
    for (const code of codes) {
      // Every BODY_* code is shown as BODY_UNREADABLE's words.
      const source = code === 'BODY' ? 'BODY_UNREADABLE' : code;
      expect(en[`error.${code}` as keyof typeof en], code).toBe(english[source]);
      expect(hi[`error.${code}` as keyof typeof en], code).toBe(hindi[source]);
    }
  });
});
