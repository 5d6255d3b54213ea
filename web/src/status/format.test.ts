// Dates in both languages, the next statutory date in words, what citizens type, the choice of
// language and the words for a failed request.
import { Failure } from './api';
import { formatDay, formatMoment, isMobileNumber, latinDigits, minutesAndSeconds, nextDueText, sectionOf } from './format';
import { chooseLanguage, failureText } from './i18n';

const SOURCE =
  'BNSS s.193(3)(ii): the police officer shall, within a period of ninety days, inform the progress of the investigation by any means including through electronic communication to the informant or the victim';
const DUE = { date: '2027-02-28', duty: 'Informant told of progress', dutyHi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', source: SOURCE };

describe('dates', () => {
  it('writes a day as "28 February 2027", with Hindi month names in Hindi', () => {
    expect(formatDay('2027-02-28', 'en')).toBe('28 February 2027');
    expect(formatDay('2027-02-28', 'hi')).toBe('28 फ़रवरी 2027');
    expect(formatDay('2026-01-05', 'en')).toBe('5 January 2026');
    expect(formatDay('2026-10-01', 'hi')).toBe('1 अक्टूबर 2026');
    expect(formatDay('2026-12-31', 'hi')).toBe('31 दिसंबर 2026');
  });

  it('leaves what is no date as it is', () => {
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('2026-13-01', 'en')).toBe('2026-13-01');
    expect(formatDay('28/02/2027', 'hi')).toBe('28/02/2027');
  });

  it("writes a moment as its day in India, whatever the phone's time zone", () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(formatMoment('2026-11-30T20:00:00Z', 'en')).toBe('1 December 2026');
    expect(formatMoment('2026-11-30T12:27:49Z', 'hi')).toBe('30 नवंबर 2026');
    expect(formatMoment('2026-11-30T23:59:00+05:30', 'en')).toBe('30 November 2026');
    expect(formatMoment('yesterday', 'en')).toBe('yesterday');
  });
});

describe('the next statutory date', () => {
  it('says by when the police must do what, and under which section', () => {
    expect(nextDueText(DUE, 'en')).toBe('By 28 February 2027 the police must: Informant told of progress (BNSS s.193(3)(ii))');
    expect(nextDueText(DUE, 'hi')).toBe('28 फ़रवरी 2027 तक पुलिस को यह करना है: सूचनाकर्ता को अन्वेषण की प्रगति की सूचना (BNSS s.193(3)(ii))');
  });

  it("takes the English duty when there is no Hindi, and the whole source when it has no ':'", () => {
    expect(nextDueText({ ...DUE, dutyHi: ' ', source: 'BNSS s.193(2)' }, 'hi')).toBe(
      '28 फ़रवरी 2027 तक पुलिस को यह करना है: Informant told of progress (BNSS s.193(2))',
    );
    expect(nextDueText({ ...DUE, source: '' }, 'en')).toBe('By 28 February 2027 the police must: Informant told of progress');
    expect(sectionOf(SOURCE)).toBe('BNSS s.193(3)(ii)');
  });
});

describe('what citizens type', () => {
  it('reads Devanagari digits as digits', () => {
    expect(latinDigits('९८१२३ ४५६७८')).toBe('98123 45678');
    expect(latinDigits('GRV-२०२६-०००४२')).toBe('GRV-2026-00042');
  });

  it('takes a mobile the portal can text: its last ten digits an Indian mobile', () => {
    expect(isMobileNumber('98123 45678')).toBe(true);
    expect(isMobileNumber('+91-98123-45678')).toBe(true);
    expect(isMobileNumber('098123 45678')).toBe(true);
    expect(isMobileNumber('९८१२३ ४५६७८')).toBe(true);
    expect(isMobileNumber('12345')).toBe(false);
    expect(isMobileNumber('011 2345 6789')).toBe(false);
    expect(isMobileNumber('')).toBe(false);
  });

  it('counts down as m:ss', () => {
    expect(minutesAndSeconds(300_000)).toBe('5:00');
    expect(minutesAndSeconds(61_500)).toBe('1:02');
    expect(minutesAndSeconds(-5)).toBe('0:00');
  });
});

describe('the language', () => {
  it('is ?lang= when the address names one, else Hindi for a Hindi browser, else English', () => {
    expect(chooseLanguage('?lang=hi', 'en-IN')).toBe('hi');
    expect(chooseLanguage('?feedback=abc&lang=en', 'hi-IN')).toBe('en');
    expect(chooseLanguage('', 'hi-IN')).toBe('hi');
    expect(chooseLanguage('', 'hi')).toBe('hi');
    expect(chooseLanguage('?lang=fr', 'en-US')).toBe('en');
    expect(chooseLanguage('', undefined)).toBe('en');
  });
});

describe('a failed request', () => {
  it("is told by its code in the page's language", () => {
    const wrong = new Failure(400, 'STATUS_CODE_WRONG', 'The code is wrong or has expired. Ask for a new code.');
    expect(failureText('en', wrong)).toBe('The code is wrong or has expired. Ask for a new code.');
    expect(failureText('hi', wrong)).toBe('कोड गलत है या उसकी समय-सीमा समाप्त हो गई है। नया कोड माँगें।');
    expect(failureText('hi', new Failure(429, 'CITIZEN_TOO_MANY_REQUESTS'))).toBe('बहुत अधिक अनुरोध। कृपया एक मिनट रुककर फिर से प्रयास करें।');
  });

  it("words every BODY_* code alike, and another code by the server's English", () => {
    expect(failureText('hi', new Failure(400, 'BODY_MALFORMED', 'Malformed JSON in the request body'))).toBe('अनुरोध पढ़ा नहीं जा सका');
    expect(failureText('hi', new Failure(400, 'SOMETHING_NEW', 'Something new went wrong'))).toBe('Something new went wrong');
    expect(failureText('en', new Failure(429, undefined, 'Too Many Requests'))).toBe('Too many requests. Please wait a minute and try again.');
  });

  it('says that something went wrong on the server for an answer without words, and to retry for no answer', () => {
    expect(failureText('en', new Failure(502))).toBe('Something went wrong on the server. Please try again.');
    expect(failureText('en', new Failure(503, undefined, '<html>Service Unavailable</html>'))).toBe(
      'Something went wrong on the server. Please try again.',
    );
    expect(failureText('en', new Failure(0))).toBe('The portal could not be reached. Check your internet connection and try again.');
    expect(failureText('hi', new Failure(0))).toBe('पोर्टल से संपर्क नहीं हो सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से प्रयास करें।');
  });
});
