// Server errors are shown by their code in the reader's language, with the
// server's English text as the fallback.
import { ApiError, errorText } from '../api/errors';
import enErrors from './locales/en/errors.json';
import hiErrors from './locales/hi/errors.json';
import { i18n, setLanguage } from './index';
import { serverBodyText, serverCodeText, serverFieldTexts } from './server-error';

// A hand-made sample standing in for the server's codes.
const SAMPLE = {
  en: {
    SAMPLE_NOT_FOUND: 'Grievance {{number}} not found',
    SAMPLE_FIELD_REQUIRED: '{{field}} is required',
  },
  hi: {
    SAMPLE_NOT_FOUND: 'शिकायत {{number}} नहीं मिली',
    SAMPLE_FIELD_REQUIRED: '{{field}} आवश्यक है',
  },
};

beforeAll(() => {
  i18n.addResourceBundle('en', 'errors', SAMPLE.en, true, false);
  i18n.addResourceBundle('hi', 'errors', SAMPLE.hi, true, false);
});

afterAll(() => {
  for (const language of ['en', 'hi'] as const) {
    for (const code of Object.keys(SAMPLE.en)) i18n.getResourceBundle(language, 'errors') && delete i18n.getResourceBundle(language, 'errors')[code];
  }
});

const body = {
  error: 'Grievance GRV-1 was not found',
  code: 'SAMPLE_NOT_FOUND',
  params: { number: 'GRV-1' },
  fields: { fir_no: 'FIR Number is required', brief_details: 'Brief details are too short' },
  field_codes: { fir_no: { code: 'SAMPLE_FIELD_REQUIRED', params: { field: 'FIR Number' } }, brief_details: { code: 'UNKNOWN_TO_US' } },
};

describe('server error texts', () => {
  it("shows the server's own English text in English", () => {
    expect(serverBodyText(body)).toBe('Grievance GRV-1 was not found');
    expect(serverFieldTexts(body)).toEqual(body.fields);
    expect(errorText(new ApiError(404, 'Not Found', body), 'fallback')).toBe('Grievance GRV-1 was not found');
  });

  it('translates a known code with its params in Hindi', async () => {
    await setLanguage('hi');
    expect(serverBodyText(body)).toBe('शिकायत GRV-1 नहीं मिली');
    const error = new ApiError(404, 'Not Found', body);
    expect(error.serverMessage).toBe('शिकायत GRV-1 नहीं मिली');
    expect(errorText(error, 'fallback')).toBe('शिकायत GRV-1 नहीं मिली');
  });

  it('translates field errors by their field_codes, else keeps the English field text', async () => {
    await setLanguage('hi');
    expect(new ApiError(400, 'Bad Request', body).fields).toEqual({
      // A field label sent as a parameter is named in Hindi too.
      fir_no: 'एफ़आईआर संख्या आवश्यक है',
      brief_details: 'Brief details are too short',
    });
  });

  it("falls back to the English error for an unknown code, the generic 'ERROR' and no code", async () => {
    await setLanguage('hi');
    expect(serverBodyText({ error: 'Something odd', code: 'NOT_IN_CATALOGUE' })).toBe('Something odd');
    expect(serverBodyText({ error: 'Something odd', code: 'ERROR' })).toBe('Something odd');
    expect(serverBodyText({ error: 'Something odd' })).toBe('Something odd');
    expect(serverBodyText({ message: 'Only a message' })).toBe('Only a message');
    expect(serverCodeText({ code: 42 }, 'fallback')).toBe('fallback');
    expect(errorText(new ApiError(500, 'Server Error', null), 'Failed to load')).toBe('Failed to load');
  });
});


describe('real server codes', () => {
  it('shows INVALID_CREDENTIALS and TOO_MANY_ATTEMPTS in Hindi', async () => {
    await setLanguage('hi');
    expect(serverBodyText({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' })).toBe('ईमेल या पासवर्ड गलत है');
    expect(serverBodyText({ error: 'Too many failed sign-in attempts. Please try again in 5 minutes.', code: 'TOO_MANY_ATTEMPTS', params: { minutes: '5', plural: 's' } })).toBe(
      'साइन इन के बहुत अधिक विफल प्रयास। कृपया 5 मिनट बाद पुनः प्रयास करें।',
    );
  });
});

// en/errors.json is written by the server (`portal error-codes`, `make openapi`): the English
// template of every code it can send. The Hindi file must say each of them.
describe('server codes in the catalogues', () => {
  const codes = Object.keys(enErrors).filter((code) => !(code in SAMPLE.en));

  it('hi/errors.json has a Hindi text for every code the server sends', () => {
    expect(codes.filter((code) => !(code in hiErrors))).toEqual([]);
    expect(codes.length).toBeGreaterThan(50);
  });
});
