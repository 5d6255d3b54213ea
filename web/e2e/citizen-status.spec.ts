// The citizen's status page at a phone's width (360 px), against a portal of its own that
// sends SMS through a real HTTP gateway (e2e/sms-sink.ts) and runs its notifier every second.
// The administrator files a case with a complainant's mobile. On /status the complainant gives
// the grievance number and that mobile, reads the code from the SMS, is told a wrong code is
// wrong, and sees the status, the station, the stage and the next date in law, in English and
// Hindi. The case is closed; the closure SMS's link opens the rating form, where "Not satisfied"
// with a comment is recorded and opens an appeal. Every screen is checked with axe.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, artifactPath, caseBody, expect, test as base } from './fixtures';
import { startPortal, type PortalServer } from './portal-server';
import { startSmsSink, type SmsSink } from './sms-sink';

// A worker fixture, as in escalation-run.spec.ts: this file runs in a worker of its own, whose
// end stops the portal and the gateway.
const test = base.extend<object, { citizenPortal: PortalServer & { sms: SmsSink } }>({
  citizenPortal: [
    async ({}, use) => {
      const sms = await startSmsSink();
      try {
        const portal = await startPortal({
          env: { PORTAL_SMS_URL: sms.url, PORTAL_NOTIFY_SECONDS: '1', PORTAL_ESCALATION_MINUTES: '0' },
          logName: 'portal-server-citizen-status.log',
        });
        await use({ ...portal, sms });
        await portal.stop();
      } finally {
        await sms.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ citizenPortal }, use) => {
    await use(citizenPortal.baseURL);
  },
});

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const RUN = Date.now().toString(36).toUpperCase();
const MOBILE = '98123 45678';
const COMPLAINANT = { role: 'complainant', name: 'Ram Lal', gender: 'male', mobile: MOBILE };
const COMMENT = 'Nobody called me back about the motorcycle.';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Clock {
  name: string;
  source: string;
  state: string;
  due_on: string;
}

interface Filed {
  id: number;
  grievance_number: string;
  clocks?: Clock[];
  feedback?: { rating: string; comment: string; via: string; appealed: boolean }[];
  appeals?: { level: string; comment: string }[];
}

/** `YYYY-MM-DD` as the page writes it in English. */
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** Today in India, as the portal counts days. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** No accessibility violation of any impact: WCAG 2.2 A and AA, and axe's best practices. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, 'accessibility violations').toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: artifactPath(`citizen-status-${name}-360.png`), fullPage: true });
}

/** The newest SMS after the first `after` whose text `pattern` matches, waiting for it. */
async function nextSms(sms: SmsSink, after: number, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      () => {
        found = sms.texts().slice(after).reverse().map((text) => pattern.exec(text)).find(Boolean) ?? null;
        return found !== null;
      },
      { message: what, timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  return found!;
}

async function grievance(request: APIRequestContext, id: number): Promise<Filed> {
  const api = await adminApi(request);
  return ((await (await api.get(`/grievances/${id}`)).json()) as { data: Filed }).data;
}

/** Gives the grievance number and mobile on the lookup screen and returns the code sent. */
async function askForCode(page: Page, sms: SmsSink, number: string): Promise<string> {
  const before = sms.texts().length;
  await page.getByLabel('Grievance number').fill(number);
  await page.getByLabel('Mobile number given with the complaint').fill(MOBILE);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeFocused();
  await expect(page.getByRole('status').first()).toHaveText(
    'If the grievance number and mobile match a case, a 6-digit code has been sent to that mobile.',
  );
  const sent = await nextSms(sms, before, /^(\d{6}) is your code to see grievance (\S+)\./, 'the code SMS');
  expect(sent[2]).toBe(number);
  return sent[1];
}

test.describe.serial("the citizen's status page", () => {
  let filed: Filed;

  test.beforeAll(async ({ request, citizenPortal }) => {
    const api = await adminApi(request);
    const made = await api.post(
      '/grievances',
      caseBody({
        fir_no: `CIT-${RUN}`,
        fir_date: today(),
        section_and_act: 'BNS 303(2)',
        crime_title: 'Theft',
        brief_details: 'Motorcycle stolen from outside the house at night.',
        parties: [COMPLAINANT],
      }),
    );
    expect(made.status(), 'file the grievance').toBe(201);
    filed = ((await made.json()) as { data: Filed }).data;
    // The notifier's registration SMS, to the complainant's mobile with the status page's address.
    await nextSms(citizenPortal.sms, 0, new RegExp(`registered at City Kotwali as grievance ${filed.grievance_number} .* Track it at \\S+/status$`), 'the registration SMS');
    expect(citizenPortal.sms.received().at(-1)?.json?.to).toBe('+919812345678');
  });

  test.describe('with a wrong code tried first', () => {
    // The wrong code's 400 is logged by the browser itself.
    test.use({ allowedConsole: [/the server responded with a status of 400/] });

    test('shows the case for the code sent to the mobile, in English and Hindi', async ({ page, request, citizenPortal }) => {
      test.setTimeout(120_000);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      const served = await page.goto('/status');
      // Checked on every load, so that a new build reaches the phone at once; compressed at build.
      expect(served?.headers()['cache-control']).toBe('no-cache');
      expect(served?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
      await expect(page).toHaveTitle('Grievance status – Grievance Portal');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grievance status');
      // The page of its own: one small script, none of the staff app.
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/status-[\w-]+\.js$/)]);
      await expectNoViolations(page);
      await shot(page, 'lookup');

      const code = await askForCode(page, citizenPortal.sms, filed.grievance_number);
      const box = page.getByLabel('6-digit code');
      await expect(box).toHaveAttribute('inputmode', 'numeric');
      await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.locator('#code-time')).toHaveText(/^Time left for this code: [45]:\d\d$/);
      await expectNoViolations(page);
      await shot(page, 'code');

      const wrong = code === '000000' ? '111111' : '000000';
      await box.fill(wrong);
      await page.getByRole('button', { name: 'Show my case' }).click();
      await expect(page.getByRole('alert')).toHaveText('The code is wrong or has expired. Ask for a new code.');
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toBeFocused();
      await expectNoViolations(page);
      await shot(page, 'wrong-code');

      await box.fill(code);
      await page.getByRole('button', { name: 'Show my case' }).click();
      const heading = page.getByRole('heading', { level: 2, name: `Grievance ${filed.grievance_number}` });
      await expect(heading).toBeFocused();
      const facts = page.locator('dl.facts');
      const fact = (term: string) => facts.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
      await expect(fact('Status')).toHaveText('Pending');
      await expect(fact('Police station')).toHaveText('City Kotwali');
      await expect(fact('Stage')).toHaveText(/^Inward, since \d{1,2} [A-Z][a-z]+ \d{4}$/);
      await expect(fact('Last progress update')).toHaveText('No progress update yet.');
      // The nearest date the law sets on the case, as its own screen has it.
      const due = (await grievance(request, filed.id)).clocks!.filter((c) => c.state === 'due').sort((a, b) => a.due_on.localeCompare(b.due_on))[0];
      expect(due, 'a statutory clock running on the case').toBeDefined();
      await expect(fact('Next date set by law')).toHaveText(`By ${day(due.due_on)} the police must: ${due.name} (${due.source.split(':')[0]})`);
      await expect(page.locator('#feedback-form')).toHaveCount(0);
      await expectNoViolations(page);
      await shot(page, 'case');

      await page.getByRole('button', { name: 'हिंदी' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page).toHaveURL(/[?&]lang=hi$/);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(`शिकायत ${filed.grievance_number}`);
      await expect(facts.locator('div').filter({ hasText: 'चरण' }).locator('dd')).toHaveText(/^आवक, \d{1,2} \S+ \d{4} से$/);
      // The status by the Admin Panel's Hindi name for it.
      await expect(facts.locator('div').filter({ hasText: 'स्थिति' }).locator('dd')).toHaveText('लंबित');
      await expect(facts).toContainText('तक पुलिस को यह करना है:');
      await expectNoViolations(page);
      await shot(page, 'case-hindi');
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('the closure SMS links to the rating form, where "Not satisfied" opens an appeal', async ({ page, request, citizenPortal }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const statuses = (await (await api.get('/admin/dropdowns/statuses')).json()) as { id: number; name: string }[];
    const closed = statuses.find((s) => s.name === 'Closed');
    expect(closed, 'the seeded Closed status').toBeDefined();
    const before = citizenPortal.sms.texts().length;
    const close = await api.put(`/grievances/${filed.id}/status`, { status_id: closed!.id, final_decision: 'Property returned' });
    expect(close.status(), 'close the grievance').toBe(200);

    const sent = await nextSms(citizenPortal.sms, before, /Rate how it was handled: (\S+\/status\?feedback=\S+)$/, 'the closure SMS');
    expect(sent.input).toContain(`Grievance ${filed.grievance_number} is Closed: Property returned.`);
    const link = new URL(sent[1]);
    await page.goto(`${link.pathname}${link.search}`);

    await expect(page.getByRole('heading', { level: 2, name: 'How was your case handled?' })).toBeVisible();
    await expect(page.getByLabel('Grievance number')).toHaveCount(0);
    const notSatisfied = page.getByRole('radio', { name: 'Not satisfied' });
    await expect(notSatisfied).toHaveAccessibleDescription('Within 7 days of the disposal, this sends the case to a senior officer for review.');
    await expectNoViolations(page);
    await shot(page, 'feedback-link');

    await notSatisfied.check();
    await page.getByLabel('Comment (optional)').fill(COMMENT);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/public/feedback'));
    await page.getByRole('button', { name: 'Send feedback' }).click();
    expect((await posted).postDataJSON()).toEqual({ token: link.searchParams.get('feedback'), rating: 'not_satisfied', comment: COMMENT });
    const thanks = page.getByText('Thank you. Your feedback is recorded.');
    await expect(thanks).toBeFocused();
    await expect(thanks).toHaveAttribute('role', 'status');
    await expect(page.locator('#feedback-form')).toHaveCount(0);
    await expectNoViolations(page);
    await shot(page, 'feedback-thanks');

    // Recorded on the case, with the appeal it opens for the district.
    const rated = await grievance(request, filed.id);
    expect(rated.feedback).toEqual([expect.objectContaining({ rating: 'not_satisfied', comment: COMMENT, via: 'link', appealed: true })]);
    expect(rated.appeals).toEqual([expect.objectContaining({ level: 'district', comment: COMMENT })]);

    // The status page now shows it closed, with nothing left to rate.
    await page.getByRole('link', { name: 'Check the status of a grievance' }).click();
    await expect(page).toHaveURL(/\/status$/);
    const code = await askForCode(page, citizenPortal.sms, filed.grievance_number);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Show my case' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Grievance ${filed.grievance_number}` })).toBeFocused();
    await expect(page.locator('dl.facts')).toContainText('StatusClosed');
    await expect(page.locator('dl.facts')).toContainText(/StageDecided, since/);
    await expect(page.locator('#feedback-form')).toHaveCount(0);
    await expectNoViolations(page);
  });
});
