import { act, render, screen, within } from '@testing-library/react';
import type { Party } from '../../../api/types';
import { i18n } from '../../../i18n';
import { IDENTITY_PROTECTED } from './parties';
import { PartiesList, SensitiveBadge } from './PartiesList';

const people: Party[] = [
  { role: 'complainant', name: 'Ram Lal', relation: 'father', relation_name: 'Mohan Lal', gender: 'male', age: 52, mobile: '+919812345678', address: 'House 12, Civil Lines', id_document: { kind: 'aadhaar', last_four: '0123' } },
  { role: 'victim', name: IDENTITY_PROTECTED, relation_name: IDENTITY_PROTECTED, gender: 'female', age: 17, address: IDENTITY_PROTECTED, identity_protected: true },
  { role: 'accused', name: 'Vikram Singh', email: 'vikram@example.in', date_of_birth: '1990-04-02' },
];

function show(parties: Party[] = people, sensitive = true) {
  return render(
    <>
      <h2 id="parties">People</h2>
      <SensitiveBadge sensitive={sensitive} />
      <PartiesList parties={parties} sensitive={sensitive} labelledBy="parties" />
    </>,
  );
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('the people in a case', () => {
  it('lists each person with role, relation, gender and age, mobile, email and address', () => {
    show(people, false);
    const complainant = within(row('Ram Lal'));
    expect(complainant.getByText('Complainant or informant')).toBeInTheDocument();
    expect(complainant.getByText('Father: Mohan Lal')).toBeInTheDocument();
    expect(complainant.getByText('Male, 52 years')).toBeInTheDocument();
    expect(complainant.getByText('+919812345678')).toBeInTheDocument();
    expect(complainant.getByText('House 12, Civil Lines')).toBeInTheDocument();
    expect(within(row('Vikram Singh')).getByText('vikram@example.in')).toBeInTheDocument();
    expect(within(row('Vikram Singh')).getByText(/^born /)).toBeInTheDocument();
    expect(screen.queryByText("Victim's identity protected (BNS s.72)")).not.toBeInTheDocument();
  });

  it('shows a protected victim with the marker and says why, on a sensitive case', () => {
    show();
    const victim = within(row(IDENTITY_PROTECTED));
    expect(victim.getByText('Victim')).toBeInTheDocument();
    expect(victim.getByText('Female, 17 years')).toBeInTheDocument();
    expect(screen.getByText("Victim's identity protected (BNS s.72)")).toBeInTheDocument();
    expect(screen.getByText(/The law forbids disclosing the identity of a victim of a sexual offence/)).toBeInTheDocument();
  });

  it('shows the protected text in Hindi, never the English marker', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { container } = show();
    const victim = within(row('पहचान संरक्षित (बीएनएस धारा 72)'));
    expect(victim.getByText('पीड़ित')).toBeInTheDocument();
    expect(victim.getByText('महिला, 17 वर्ष')).toBeInTheDocument();
    expect(victim.getAllByText('पहचान संरक्षित (बीएनएस धारा 72)')).toHaveLength(3);
    expect(screen.getByText('पीड़ित की पहचान संरक्षित (बीएनएस धारा 72)')).toBeInTheDocument();
    expect(within(row('Ram Lal')).getByText('पिता: Mohan Lal')).toBeInTheDocument();
    expect(container.textContent).not.toContain('Identity protected');
  });

  it('shows an identity document by its kind and last four, never more', () => {
    const { container } = show(people, false);
    expect(within(row('Ram Lal')).getByText('Aadhaar ending 0123')).toBeInTheDocument();
    expect(within(row('Vikram Singh')).queryByText(/ending/)).not.toBeInTheDocument();
    expect(container.textContent).not.toContain('*');
  });

  it('shows the document in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    show(people, false);
    expect(within(row('Ram Lal')).getByText('आधार, अंतिम अंक 0123')).toBeInTheDocument();
  });

  it("shows a revealed document's number whole", () => {
    const revealed: Party[] = [{ ...people[0], id_document: { kind: 'voter_id', last_four: '4567', number: 'ABC1234567' } }];
    show(revealed, false);
    expect(within(row('Ram Lal')).getByText('Voter ID (EPIC): ABC1234567')).toBeInTheDocument();
  });

  it("says when no one is recorded", () => {
    show([], false);
    expect(screen.getByText('No people recorded')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
