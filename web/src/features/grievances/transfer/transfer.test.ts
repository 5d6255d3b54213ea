import { listItem } from '../../../test/fixtures';
import { toAuditEntry } from '../../audit/audit-record';
import { destinationStations, transferErrors, transferRequest, transfersOf } from './transfer';

const stations = [listItem(34, 'City Kotwali'), listItem(35, 'Civil Lines'), listItem(36, 'Sadar Bazar')];

describe('transfer rules', () => {
  it('offers every station but the one the grievance is at, by id, else by name', () => {
    expect(destinationStations(stations, { police_station_id: 35, police_station: 'Civil Lines' }).map((s) => s.name)).toEqual(['City Kotwali', 'Sadar Bazar']);
    expect(destinationStations(stations, { police_station_id: null, police_station: 'Sadar Bazar' }).map((s) => s.name)).toEqual(['City Kotwali', 'Civil Lines']);
  });

  it('needs a station and a reason of at most 1000 characters, and sends them trimmed', () => {
    expect(transferErrors({ stationId: '', reason: ' ' })).toEqual({
      police_station_id: 'Choose the police station to transfer to',
      reason: 'Give the reason for the transfer',
    });
    expect(transferErrors({ stationId: '35', reason: 'x'.repeat(1001) })).toEqual({ reason: 'The reason must be at most 1000 characters' });
    expect(transferErrors({ stationId: '35', reason: ` ${'x'.repeat(1000)} ` })).toEqual({});
    expect(transferRequest({ stationId: '35', reason: ' Wrong station ' })).toEqual({ police_station_id: 35, reason: 'Wrong station' });
  });

  it("reads the transfers off the history, keeping its order", () => {
    const history = [
      { id: 3, action: 'TRANSFERRED', old_value: 'Civil Lines', new_value: 'Sadar Bazar' },
      { id: 2, action: 'STATUS_CHANGED' },
      { id: 1, action: 'TRANSFERRED', old_value: 'City Kotwali', new_value: 'Civil Lines' },
    ].map((raw, index) => toAuditEntry(raw, index));
    expect(transfersOf(history).map((entry) => entry.new_value)).toEqual(['Sadar Bazar', 'Civil Lines']);
  });
});
