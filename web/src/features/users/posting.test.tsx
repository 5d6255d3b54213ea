import { screen } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { jsonResponse, listItem as item, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AppShell from '../../app/layout/AppShell';
import { ProfileDetails } from '../profile/ProfileDetails';
import { postingLabel, postingOf, postingValues } from './posting';

const agra = item(31, 'Agra', { range: 'Agra Range' });
const sadar = item(41, 'Sadar Bazar', { district_id: 31 });

describe('a posting', () => {
  it('goes to and from the form, a place required below the state', () => {
    expect(postingOf({ level: 'station', place: '41' })).toEqual({ level: 'station', id: 41 });
    expect(postingOf({ level: 'range', place: 'Agra Range' })).toEqual({ level: 'range', range: 'Agra Range' });
    expect(postingOf({ level: 'state', place: '41' })).toEqual({ level: 'state' });
    expect(postingOf({ level: 'district', place: '' })).toBeNull();
    expect(postingValues({ level: 'district', id: 31 })).toEqual({ level: 'district', place: '31' });
    expect(postingValues(undefined)).toEqual({ level: 'state', place: '' });
  });

  it('reads as the place it names', () => {
    expect(postingLabel({ level: 'station', id: 41 }, [agra], [sadar])).toBe('Sadar Bazar police station');
    expect(postingLabel({ level: 'district', id: 31 }, [agra], [sadar])).toBe('Agra district');
    // A place named for its kind is not called so twice.
    const central = { ...agra, id: 32, name: 'Central District' };
    const kotwali = { ...sadar, id: 42, name: 'Kotwali Police Station' };
    expect(postingLabel({ level: 'district', id: 32 }, [central], [])).toBe('Central District');
    expect(postingLabel({ level: 'station', id: 42 }, [], [kotwali])).toBe('Kotwali Police Station');
    expect(postingLabel({ level: 'range', range: 'Agra Range' }, [agra], [sadar])).toBe('Agra Range');
    expect(postingLabel({ level: 'state' }, [], [])).toBe('The whole state');
  });

  it("shows in the 'Logged in as' banner and the profile", async () => {
    mockApi({
      'GET /api/admin/dropdowns/districts': () => jsonResponse(200, [agra]),
      'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, [sadar]),
    });
    const sho = makeUser({ name: 'Ravi Kumar', role_name: 'SHO', posting: { level: 'station', id: 41 } });
    renderPage(
      <>
        <AppShell />
        <ProfileDetails user={sho} />
      </>,
      sho,
    );
    expect(await screen.findByText('Logged in as Ravi Kumar (SHO), posted at Sadar Bazar police station')).toBeInTheDocument();
    const posting = screen.getByText('Posting');
    expect(posting.nextElementSibling).toHaveTextContent('Sadar Bazar police station');
  });

  it('leaves the banner as it was for a user posted at the state', () => {
    renderPage(<AppShell />, makeUser({ name: 'Ravi Kumar', role_name: 'Clerk' }));
    expect(screen.getByText('Logged in as Ravi Kumar (Clerk)')).toBeInTheDocument();
  });
});
