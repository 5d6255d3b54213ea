import type { ListItem } from '../../api/types';
import { districtOf, districtsBeside, stationsOf } from './options';

const item = (id: number, name: string, district_id?: number): ListItem =>
  ({ id, name, description: '', display_order: id, is_active: true, created_at: '', updated_at: '', district_id }) as ListItem;

const districts = [item(1, 'Harbour'), item(2, 'Hills')];
const stations = [item(11, 'Dock', 1), item(12, 'Pass', 2), item(13, 'Cyber Police Station')];

describe('place options', () => {
  it('offers the chosen district\'s stations and those placed in none; every station before a district', () => {
    expect(stationsOf(stations, districts, 'Harbour').map((s) => s.name)).toEqual(['Dock', 'Cyber Police Station']);
    expect(stationsOf(stations, districts, '').map((s) => s.name)).toEqual(['Dock', 'Pass', 'Cyber Police Station']);
    expect(districtOf(stations, districts, 'Pass')).toBe('Hills');
    expect(districtOf(stations, districts, 'Cyber Police Station')).toBe('');
  });

  it('beside a station that cannot change, offers its own district (and a legacy pair\'s), or all for an unplaced one', () => {
    expect(districtsBeside(stations, districts, 'Dock', 'Harbour').map((d) => d.name)).toEqual(['Harbour']);
    expect(districtsBeside(stations, districts, 'Dock', 'Hills').map((d) => d.name)).toEqual(['Harbour', 'Hills']);
    expect(districtsBeside(stations, districts, 'Cyber Police Station', 'Hills').map((d) => d.name)).toEqual(['Harbour', 'Hills']);
    expect(districtsBeside(stations, districts, '', '').map((d) => d.name)).toEqual(['Harbour', 'Hills']);
  });
});
