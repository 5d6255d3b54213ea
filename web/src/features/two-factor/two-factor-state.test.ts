import en from '../../i18n/locales/en/twoFactor.json';
import hi from '../../i18n/locales/hi/twoFactor.json';
import { i18n } from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { recoveryCodesFile } from './download-text';
import { groupSecret, isTotpCode, needsTwoFactorSetup, normaliseCode, withSetupRequired } from './two-factor-state';

function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('two-factor rules', () => {
  it('holds only a user whose role requires two-factor and who has not set it up', () => {
    expect(needsTwoFactorSetup(makeUser({ two_factor_required: true, two_factor_enabled: false }))).toBe(true);
    expect(needsTwoFactorSetup(makeUser({ two_factor_required: true, two_factor_enabled: true }))).toBe(false);
    expect(needsTwoFactorSetup(makeUser({ two_factor_required: false, two_factor_enabled: false }))).toBe(false);
    // A server (or a stored session) without the fields holds nobody.
    expect(needsTwoFactorSetup(makeUser())).toBe(false);
    expect(needsTwoFactorSetup(null)).toBe(false);
    expect(needsTwoFactorSetup(withSetupRequired(makeUser()))).toBe(true);
  });

  it('reads codes without spaces and knows an app code', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('abcd-efgh')).toBe(false);
  });

  it('groups the setup key in fours', () => {
    expect(groupSecret('jbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('writes the recovery codes file one code a line', () => {
    expect(recoveryCodesFile(['aaaa-bbbb', 'cccc-dddd'], ['Title'])).toBe('Title\r\n\r\naaaa-bbbb\r\ncccc-dddd\r\n');
  });
});

describe('twoFactor catalogues', () => {
  it('has every English text in Hindi too, with the same placeholders', () => {
    expect(keys(hi).sort()).toEqual(keys(en).sort());
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of keys(en)) {
      const path = key.split('.');
      const pick = (catalogue: object) => path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) as string;
      expect(placeholders(pick(hi)), key).toEqual(placeholders(pick(en)));
      expect(pick(hi), key).not.toBe('');
    }
  });

  it('is loaded as the twoFactor namespace', async () => {
    expect(i18n.t('twoFactor:profile.heading')).toBe('Two-Factor Authentication');
    await i18n.changeLanguage('hi');
    expect(i18n.t('twoFactor:profile.heading')).toBe('दो-चरणीय प्रमाणीकरण');
    expect(i18n.t('twoFactor:users.done', { name: 'Asha Verma' })).toBe('Asha Verma का दो-चरणीय प्रमाणीकरण रीसेट कर दिया गया।');
  });
});
