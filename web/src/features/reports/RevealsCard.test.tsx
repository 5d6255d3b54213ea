import { screen } from '@testing-library/react';
import { entry, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { RevealsCard } from './RevealsCard';

const period = { from: '2026-01-01', to: '2026-11-30' };

describe('identity reveals on the Reports screen', () => {
  it("links a reader of the audit trail to the period's IDENTITY_REVEALED records", () => {
    const supervisor = makeUser({ permissions: [entry('reports', { can_read: true }), entry('audit', { can_read: true })] });
    renderPage(<RevealsCard period={period} />, supervisor);
    expect(screen.getByRole('heading', { level: 2, name: 'Identity reveals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the reveals in the audit trail' })).toHaveAttribute(
      'href',
      '/audit?action=IDENTITY_REVEALED&startDate=2026-01-01&endDate=2026-11-30',
    );
  });

  it('is not shown to a reader of reports who may not read the audit trail', () => {
    renderPage(<RevealsCard period={period} />, makeUser({ permissions: [entry('reports', { can_read: true })] }));
    expect(screen.queryByRole('heading', { name: 'Identity reveals' })).not.toBeInTheDocument();
  });
});
