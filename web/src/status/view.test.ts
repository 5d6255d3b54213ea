// A case as the page shows it: a sensitive case's status alone, and the rest of any other.
import type { CitizenView } from './api';
import { emptyFields, type State } from './state';
import { caseScreen } from './view-case';

const VIEW: CitizenView = {
  grievanceNumber: 'GRV-2026-000042',
  status: 'Pending',
  statusHi: 'लंबित',
  sensitive: false,
  policeStation: 'City Kotwali',
  stage: 'With Investigating Officer',
  stageSince: '2026-11-02',
  lastProgress: { text: 'The stolen motorcycle was found in Agra.', at: '2026-11-20T06:30:00Z' },
  nextDue: { date: '2027-02-28', duty: 'Informant told of progress', dutyHi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', source: 'BNSS s.193(3)(ii): inform the progress' },
  feedbackOpen: false,
  reopenWindowDays: 7,
  access: 'sealed-access',
};

function state(lang: 'en' | 'hi'): State {
  return { lang, screen: { name: 'case', view: VIEW, thanked: false }, fields: emptyFields(), notice: null, problem: null, busy: false };
}

/** The case's facts as term: description. */
function facts(screen: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of screen.querySelectorAll('dl > div')) {
    out[row.querySelector('dt')!.textContent!] = row.querySelector('dd')!.textContent!;
  }
  return out;
}

describe('a case on the status page', () => {
  it('shows the status, station, stage since when, the last progress and the next date in law', () => {
    const screen = caseScreen(state('en'), VIEW, false);
    expect(screen.querySelector('h2')).toHaveTextContent('Grievance GRV-2026-000042');
    expect(facts(screen)).toEqual({
      Status: 'Pending',
      'Police station': 'City Kotwali',
      Stage: 'With Investigating Officer, since 2 November 2026',
      'Last progress update': 'The stolen motorcycle was found in Agra.Recorded on 20 November 2026',
      'Next date set by law': 'By 28 February 2027 the police must: Informant told of progress (BNSS s.193(3)(ii))',
    });
    expect(screen.querySelector('form')).toBeNull();
  });

  it('shows the same in Hindi, the status and the stage named as the staff app names them', () => {
    const screen = caseScreen(state('hi'), VIEW, false);
    expect(screen.querySelector('h2')).toHaveTextContent('शिकायत GRV-2026-000042');
    expect(caseScreen(state('hi'), { ...VIEW, statusHi: null }, false)).toHaveTextContent('Pending');
    expect(facts(screen)).toMatchObject({
      स्थिति: 'लंबित',
      थाना: 'City Kotwali',
      चरण: 'विवेचना अधिकारी के पास, 2 नवंबर 2026 से',
      'कानून द्वारा तय अगली तारीख': '28 फ़रवरी 2027 तक पुलिस को यह करना है: सूचनाकर्ता को अन्वेषण की प्रगति की सूचना (BNSS s.193(3)(ii))',
    });
  });

  it('says when there is no progress update and no date pending', () => {
    const screen = caseScreen(state('en'), { ...VIEW, lastProgress: null, nextDue: null, policeStation: null }, false);
    expect(facts(screen)).toMatchObject({ 'Last progress update': 'No progress update yet.', 'Next date set by law': 'No date set by law is pending.' });
    expect(facts(screen)).not.toHaveProperty('Police station');
  });

  it('shows a sensitive case by its status alone, and says why', () => {
    const sensitive: CitizenView = { ...VIEW, sensitive: true, policeStation: null, stage: null, stageSince: null, lastProgress: null, nextDue: null };
    const screen = caseScreen(state('en'), sensitive, false);
    expect(facts(screen)).toEqual({ Status: 'Pending' });
    expect(screen).toHaveTextContent('Details of cases like this one are not shown online: the law protects the identity of victims (BNS s.72).');
    for (const hidden of ['Police station', 'Stage', 'Last progress update', 'Next date set by law', 'No progress update yet.']) {
      expect(screen).not.toHaveTextContent(hidden);
    }
    expect(caseScreen(state('hi'), sensitive, false)).toHaveTextContent('कानून पीड़ित की पहचान की रक्षा करता है (BNS धारा 72)');
  });

  it('hides what the server should not have sent for a sensitive case', () => {
    // The server sends nothing more for a sensitive case; were it to, the page still shows none of it.
    const screen = caseScreen(state('en'), { ...VIEW, sensitive: true }, false);
    expect(facts(screen)).toEqual({ Status: 'Pending' });
    expect(screen).not.toHaveTextContent('City Kotwali');
    expect(screen).not.toHaveTextContent('motorcycle');
  });

  it('offers the rating form when feedback is open, explaining "Not satisfied"', () => {
    const screen = caseScreen(state('en'), { ...VIEW, status: 'Closed', feedbackOpen: true }, false);
    const form = screen.querySelector('form#feedback-form')!;
    const labels = [...form.querySelectorAll('input[type="radio"]')].map((radio) => form.querySelector(`label[for="${radio.id}"]`)!.textContent);
    expect(labels).toEqual(['Satisfied', 'Partly satisfied', 'Not satisfied']);
    const notSatisfied = form.querySelector<HTMLInputElement>('input[value="not_satisfied"]')!;
    const hint = form.querySelector(`#${notSatisfied.getAttribute('aria-describedby')}`);
    expect(hint).toHaveTextContent('Within 7 days of the disposal, this sends the case to a senior officer for review.');
    expect(form.querySelector('textarea')).toHaveAttribute('maxlength', '1000');
  });
});
