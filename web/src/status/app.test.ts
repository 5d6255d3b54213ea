// The page's flows with the portal faked: the code asked for and given, a wrong code, the
// rating from the closure SMS's link, a change of language, and no answer at all.
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { Failure, type Api, type CitizenView } from './api';
import { createApp } from './app';

const VIEW: CitizenView = {
  grievanceNumber: 'GRV-2026-000042',
  status: 'Pending',
  statusHi: 'लंबित',
  sensitive: false,
  policeStation: 'City Kotwali',
  stage: 'Inward',
  stageSince: '2026-11-28',
  lastProgress: null,
  nextDue: { date: '2027-02-26', duty: 'Informant told of progress', dutyHi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', source: 'BNSS s.193(3)(ii): inform' },
  feedbackOpen: false,
  reopenWindowDays: 7,
  access: 'sealed-access',
};
const SENT = {
  message: 'If the grievance number and mobile match a case, a 6-digit code has been sent to that mobile.',
  challenge: 'sealed-challenge',
  expires_in: 300,
};

function fakeApi(overrides: Partial<Api> = {}): Api {
  return {
    requestCode: vi.fn(async () => SENT),
    settings: vi.fn(async () => ({ reopenWindowDays: 10 })),
    showStatus: vi.fn(async () => VIEW),
    giveFeedback: vi.fn(async () => ({ success: true, message: 'Thank you. Your feedback is recorded.' })),
    ...overrides,
  };
}

let root: HTMLElement;
let app: { destroy: () => void } | undefined;

function open(search: string, api: Api, browserLanguage = 'en-IN', onLanguage?: (lang: 'en' | 'hi') => void) {
  root = document.createElement('div');
  document.body.append(root);
  app = createApp(root, { search, browserLanguage, api, onLanguage });
}

afterEach(() => {
  app?.destroy();
  app = undefined;
  root?.remove();
  document.documentElement.lang = 'en';
  document.title = '';
});

async function lookUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Grievance number'), 'grv-2026-000042');
  await user.type(screen.getByLabelText('Mobile number given with the complaint'), '98123 45678');
  await user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await screen.findByRole('heading', { name: 'Enter the code' });
}

describe('the status page', () => {
  it('asks for a code, shows the neutral answer, and shows the case for the code with the focus on it', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    open('', api);
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Grievance status');

    await lookUp(user);
    expect(api.requestCode).toHaveBeenCalledWith('grv-2026-000042', '98123 45678');
    expect(screen.getByRole('status')).toHaveTextContent(SENT.message);
    expect(screen.getByRole('heading', { name: 'Enter the code' })).toHaveFocus();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription('Time left for this code: 5:00');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Show my case' }));
    const heading = await screen.findByRole('heading', { name: 'Grievance GRV-2026-000042' });
    expect(api.showStatus).toHaveBeenCalledWith('sealed-challenge', '123456');
    expect(heading).toHaveFocus();
    expect(root).toHaveTextContent('City Kotwali');
    expect(root).toHaveTextContent('By 26 February 2027 the police must: Informant told of progress (BNSS s.193(3)(ii))');
    // The code's notice is gone with the code.
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Check another grievance' }));
    expect(screen.getByRole('heading', { name: 'Check your grievance' })).toHaveFocus();
    expect(screen.getByLabelText('Mobile number given with the complaint')).toHaveValue('98123 45678');
  });

  it("says a wrong code is wrong, on the code's box, and asks again with what was typed", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      showStatus: vi.fn(async () => {
        throw new Failure(400, 'STATUS_CODE_WRONG', 'The code is wrong or has expired. Ask for a new code.');
      }),
    });
    open('', api);
    await lookUp(user);
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Show my case' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent('The code is wrong or has expired. Ask for a new code.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/The code is wrong or has expired/);
    expect(screen.getByRole('button', { name: 'Show my case' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(screen.getByRole('heading', { name: 'Check your grievance' })).toHaveFocus();
    expect(screen.getByLabelText('Grievance number')).toHaveValue('grv-2026-000042');
    expect(screen.getByLabelText('Mobile number given with the complaint')).toHaveValue('98123 45678');
  });

  it('checks what is typed before asking the portal', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    open('', api);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the grievance number');
    expect(screen.getByLabelText('Grievance number')).toHaveFocus();
    await user.type(screen.getByLabelText('Grievance number'), 'GRV-2026-000042');
    await user.type(screen.getByLabelText('Mobile number given with the complaint'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Mobile number must be a 10-digit Indian number, or + and the country code');
    expect(screen.getByLabelText('Mobile number given with the complaint')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Grievance number')).not.toHaveAttribute('aria-invalid');
    expect(api.requestCode).not.toHaveBeenCalled();
  });

  it('disables its buttons while a request runs, and says to retry when no answer comes', async () => {
    const user = userEvent.setup();
    let fail: (error: unknown) => void = () => {};
    const api = fakeApi({ requestCode: vi.fn(() => new Promise<never>((_resolve, reject) => (fail = reject))) });
    open('', api);
    await user.type(screen.getByLabelText('Grievance number'), 'GRV-2026-000042');
    await user.type(screen.getByLabelText('Mobile number given with the complaint'), '9812345678');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const waiting = screen.getByRole('button', { name: 'Please wait…' });
    expect(waiting).toBeDisabled();
    // A second press while waiting sends nothing more.
    fireEvent.submit(waiting.closest('form')!);
    expect(api.requestCode).toHaveBeenCalledTimes(1);

    fail(new Failure(0));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The portal could not be reached. Check your internet connection and try again.'),
    );
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toHaveFocus();
  });

  it('opens on the rating form from the closure SMS link, and posts the rating with the link token', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    open('?feedback=sealed.link-token', api);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('How was your case handled?');
    expect(screen.queryByLabelText('Grievance number')).toBeNull();
    const group = screen.getByRole('group', { name: 'How satisfied are you?' });
    const notSatisfied = within(group).getByRole('radio', { name: 'Not satisfied' });
    // The portal's reopen window, once it has said it (an Admin set it to 10 days here).
    await waitFor(() => expect(notSatisfied).toHaveAccessibleDescription('Within 10 days of the disposal, this sends the case to a senior officer for review.'));

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how satisfied you are: satisfied, partly satisfied or not satisfied');
    expect(api.giveFeedback).not.toHaveBeenCalled();

    await user.click(notSatisfied);
    await user.type(screen.getByLabelText('Comment (optional)'), '  Nobody called me back  ');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await vi.waitFor(() => expect(screen.getByText('Thank you. Your feedback is recorded.')).toHaveFocus());
    expect(api.giveFeedback).toHaveBeenCalledWith({ token: 'sealed.link-token' }, 'not_satisfied', 'Nobody called me back');
    expect(screen.getByText('Thank you. Your feedback is recorded.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Check the status of a grievance' })).toHaveAttribute('href', '/status');
  });

  it('rates a shown case with the access it gave', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ showStatus: vi.fn(async () => ({ ...VIEW, status: 'Closed', feedbackOpen: true })) });
    open('', api);
    await lookUp(user);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Show my case' }));
    await user.click(await screen.findByRole('radio', { name: 'Satisfied' }));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thank you. Your feedback is recorded.');
    expect(api.giveFeedback).toHaveBeenCalledWith({ access: 'sealed-access' }, 'satisfied', '');
  });

  it('opens in Hindi for a Hindi browser or ?lang=hi, and switches language keeping what was typed', async () => {
    const user = userEvent.setup();
    const languages: string[] = [];
    open('?feedback=t', fakeApi(), 'hi-IN', (lang) => languages.push(lang));
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('आपके मामले पर कार्रवाई कैसी रही?');
    expect(screen.getByRole('button', { name: 'हिंदी' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('radio', { name: 'आंशिक रूप से संतुष्ट' }));
    await user.type(screen.getByLabelText('टिप्पणी (वैकल्पिक)'), 'देर से जवाब');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(languages).toEqual(['en']);
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'English' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Partly satisfied' })).toBeChecked();
    expect(screen.getByLabelText('Comment (optional)')).toHaveValue('देर से जवाब');
    root.remove();
    app?.destroy();

    open('?lang=hi', fakeApi(), 'en-GB');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('अपनी शिकायत की स्थिति देखें');
    expect(screen.getByLabelText('शिकायत के साथ दिया गया मोबाइल नंबर')).toBeInTheDocument();
  });

  it('counts the code down, and says when it has expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      open('', fakeApi());
      await lookUp(user);
      const time = root.querySelector('#code-time')!;
      expect(time).toHaveTextContent('Time left for this code: 5:00');
      await vi.advanceTimersByTimeAsync(61_000);
      expect(time).toHaveTextContent('Time left for this code: 3:59');
      await vi.advanceTimersByTimeAsync(240_000);
      expect(time).toHaveTextContent('The code has expired. Ask for a new code.');
    } finally {
      vi.useRealTimers();
    }
  });
});
