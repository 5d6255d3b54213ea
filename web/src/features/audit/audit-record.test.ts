import { actionLabel, changeSummary, displayValue, historyEntries, toAuditEntries, toAuditEntry } from './audit-record';

describe('audit records', () => {
  it('refuses an answer that is not a list', () => {
    expect(() => toAuditEntries({ data: [] })).toThrow('Invalid data received from server');
    expect(() => toAuditEntries(null)).toThrow('Invalid data received from server');
    expect(toAuditEntries([])).toEqual([]);
    expect(historyEntries({ success: true, data: [{ id: 'a' }] })).toHaveLength(1);
  });

  it('reads the summary and changes of a complete record, also when sent as text', () => {
    const details = { summary: 'Grievance GRV-1 created', changes: [{ field: 'fir_no', action: 'added', oldValue: null, newValue: 'F-1' }] };
    for (const action_details of [details, JSON.stringify(details)]) {
      const entry = toAuditEntry({ field_name: 'complete_record', action: 'CREATED', action_details });
      expect(entry.summary).toBe('Grievance GRV-1 created');
      expect(entry.changes).toEqual([{ field: 'fir_no', action: 'added', oldValue: null, newValue: 'F-1' }]);
      expect(changeSummary(entry)).toBe('Grievance GRV-1 created');
    }
  });

  it("says 'Error parsing change data' when the change data cannot be read", () => {
    const entry = toAuditEntry({ field_name: 'complete_record', action: 'UPDATED', action_details: '{not json' });
    expect(entry.changesError).toBe(true);
    expect(changeSummary(entry)).toBe('Error parsing change data');
    expect(toAuditEntry({ action_details: { changes: 'oops' } }).changesError).toBe(true);
  });

  it('shows a field change as old → new', () => {
    expect(changeSummary(toAuditEntry({ field_name: 'status', old_value: 'Pending', new_value: 'Resolved' }))).toBe(
      'Pending → Resolved',
    );
    expect(changeSummary(toAuditEntry({ field_name: 'reason', old_value: null, new_value: 'Other' }))).toBe('- → Other');
  });

  it('shows values readably', () => {
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue('2025-01-10')).toBe('10 Jan 2025');
    expect(displayValue([{ officer_name: 'SI Rao', from_date: '2025-01-10', to_date: null, findings: '' }])).toBe(
      'SI Rao (from 10 Jan 2025)',
    );
    expect(displayValue([])).toBe('None');
    expect(actionLabel('STATUS_CHANGED')).toBe('Status Changed');
    expect(actionLabel('TRANSFERRED')).toBe('Transferred');
    expect(actionLabel('created')).toBe('Created');
  });
});
