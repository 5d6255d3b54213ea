import { entry } from '../../test/fixtures';
import { setLanguage } from '../../i18n';
import { summarisePermissions } from './permission-summary';

describe('role permission summary', () => {
  it("reads 'N resources • M actions' with one chip per resource", () => {
    const summary = summarisePermissions([
      entry('grievances', { can_read: true, can_create: true }),
      entry('users', { can_read: true }),
    ]);
    expect(summary.text).toBe('2 resources • 3 actions');
    expect(summary.chips.map((chip) => chip.text)).toEqual(['Grievances: Create, Read', 'Users: Read']);
  });

  it("calls dropdowns 'Admin Panel' and a resource with every action 'Full access'", () => {
    const summary = summarisePermissions([
      entry('dropdowns', { can_create: true, can_read: true, can_update: true, can_delete: true }),
    ]);
    expect(summary.text).toBe('1 resource • 4 actions');
    expect(summary.chips[0].text).toBe('Admin Panel: Full access');
  });

  it('names a grievance scope wider than own cases, counted as one action, and only for grievances', () => {
    const summary = summarisePermissions([
      entry('grievances', { can_read: true, can_view_all: true }),
      entry('audit', { can_read: true, can_view_all: true, can_view_posting: true }),
    ]);
    expect(summary.text).toBe('2 resources • 3 actions');
    expect(summary.chips.map((chip) => chip.text)).toEqual(['Grievances: Read, Whole state', 'Audit: Read']);
    expect(summarisePermissions([entry('grievances', { can_read: true, can_view_posting: true })]).chips[0].text).toBe(
      'Grievances: Read, Their posting',
    );
    expect(summarisePermissions([entry('grievances', { can_view_all: true })]).chips[0].text).toBe('Grievances: Whole state');
  });

  it("keeps 'Full access' on grievances for every action, every extra action and the whole state, not with a posting", () => {
    const all = { can_create: true, can_read: true, can_update: true, can_delete: true };
    const extras = { can_approve: true, can_view_identities: true, can_withhold_publication: true };
    expect(summarisePermissions([entry('grievances', { ...all, ...extras, can_view_all: true })]).chips[0].text).toBe('Grievances: Full access');
    // Short of withholding from publication, which is granted by name, it is not full access.
    expect(
      summarisePermissions([entry('grievances', { ...all, can_approve: true, can_view_identities: true, can_view_all: true })]).chips[0].text,
    ).toBe('Grievances: Create, Read, Update, Delete, Approve closures, View sensitive identities, Whole state');
    expect(summarisePermissions([entry('grievances', { ...all, can_view_all: true })]).chips[0].text).toBe(
      'Grievances: Create, Read, Update, Delete, Whole state',
    );
    expect(summarisePermissions([entry('grievances', { ...all, can_approve: true, can_view_all: true })]).chips[0].text).toBe(
      'Grievances: Create, Read, Update, Delete, Approve closures, Whole state',
    );
    expect(summarisePermissions([entry('grievances', { ...all, ...extras, can_view_posting: true })]).chips[0].text).toBe(
      'Grievances: Create, Read, Update, Delete, Approve closures, View sensitive identities, Withhold from publication, Their posting',
    );
    expect(summarisePermissions([entry('grievances', all)]).chips[0].text).toBe('Grievances: Create, Read, Update, Delete');
  });

  it("names 'Withhold from publication' after the other extra actions, counted as one, on grievances only", () => {
    const summary = summarisePermissions([
      entry('grievances', { can_read: true, can_withhold_publication: true, can_view_identities: true, can_view_posting: true }),
      entry('users', { can_read: true, can_withhold_publication: true }),
    ]);
    expect(summary.chips.map((chip) => chip.text)).toEqual([
      'Grievances: Read, View sensitive identities, Withhold from publication, Their posting',
      'Users: Read',
    ]);
    expect(summary.text).toBe('2 resources • 5 actions');
    expect(summarisePermissions([entry('grievances', { can_withhold_publication: true })]).chips[0].text).toBe('Grievances: Withhold from publication');
  });

  it("names 'View sensitive identities' after approving closures, counted as one, on grievances only", () => {
    const summary = summarisePermissions([
      entry('grievances', { can_read: true, can_view_identities: true, can_view_posting: true }),
      entry('users', { can_read: true, can_view_identities: true }),
    ]);
    expect(summary.chips.map((chip) => chip.text)).toEqual(['Grievances: Read, View sensitive identities, Their posting', 'Users: Read']);
    expect(summary.text).toBe('2 resources • 4 actions');
    expect(summarisePermissions([entry('grievances', { can_view_identities: true })]).chips[0].text).toBe('Grievances: View sensitive identities');
  });

  it('says the chip in Hindi', async () => {
    await setLanguage('hi');
    try {
      expect(summarisePermissions([entry('grievances', { can_read: true, can_view_identities: true })]).chips[0].text).toBe(
        'शिकायतें: देखें, संवेदनशील पहचान देखें',
      );
      expect(summarisePermissions([entry('grievances', { can_read: true, can_withhold_publication: true })]).chips[0].text).toBe(
        'शिकायतें: देखें, प्रकाशन से रोकें',
      );
    } finally {
      await setLanguage('en');
    }
  });

  it("names 'Approve closures' after the other actions, counted as one, on grievances only", () => {
    const summary = summarisePermissions([
      entry('grievances', { can_read: true, can_update: true, can_approve: true, can_view_all: true }),
      entry('users', { can_read: true, can_approve: true }),
    ]);
    expect(summary.chips.map((chip) => chip.text)).toEqual(['Grievances: Read, Update, Approve closures, Whole state', 'Users: Read']);
    expect(summary.text).toBe('2 resources • 5 actions');
    expect(summarisePermissions([entry('grievances', { can_approve: true })]).chips[0].text).toBe('Grievances: Approve closures');
  });

  it("leaves out entries without a flag and reads 'No permissions' when nothing is left", () => {
    expect(summarisePermissions([entry('reports')]).text).toBe('No permissions');
    expect(summarisePermissions([]).chips).toEqual([]);
    expect(summarisePermissions(undefined).text).toBe('No permissions');
  });
});
