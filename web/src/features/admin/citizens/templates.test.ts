import { allowedPlaceholders, characterCount, requiredPlaceholders, sortTemplates, UNSAFE_PLACEHOLDERS } from './templates';
import { readDays } from './reopen-appeal';
import { progressEn, progressSensitiveEn, registeredHi, statusCodeEn } from './test-data';

describe("the SMS templates' rules", () => {
  it("allows a sensitive case's template none of the placeholders that could name the offence or anyone", () => {
    expect(allowedPlaceholders({ sensitive: true })).not.toEqual(expect.arrayContaining([...UNSAFE_PLACEHOLDERS]));
    expect(allowedPlaceholders({ sensitive: false })).toEqual(expect.arrayContaining([...UNSAFE_PLACEHOLDERS]));
  });

  it("requires the code of the status page's code, the number and the link of a closure, and the number of the rest", () => {
    expect(requiredPlaceholders('status_code')).toEqual(['{code}']);
    expect(requiredPlaceholders('closed')).toEqual(['{number}', '{link}']);
    expect(requiredPlaceholders('officer_changed')).toEqual(['{number}']);
  });

  it('counts characters as the server does, an emoji as one', () => {
    expect(characterCount('शिकायत {number}')).toBe(15);
    expect(characterCount('👍')).toBe(1);
  });

  it('orders the templates by kind as a case meets them, English first, ordinary before sensitive', () => {
    expect(sortTemplates([statusCodeEn, progressSensitiveEn, registeredHi, progressEn])).toEqual([registeredHi, progressEn, progressSensitiveEn, statusCodeEn]);
  });
});

describe('the reopen and appeal days', () => {
  it('reads whole days from 1 to 90, and names each field that is not', () => {
    expect(readDays({ reopenWindowDays: ' 10 ', appealDays: '90' })).toEqual({ value: { reopenWindowDays: 10, appealDays: 90 } });
    expect(readDays({ reopenWindowDays: '0', appealDays: '2.5' })).toEqual({
      errors: { reopenWindowDays: 'Enter a whole number of days from 1 to 90', appealDays: 'Enter a whole number of days from 1 to 90' },
    });
  });
});
