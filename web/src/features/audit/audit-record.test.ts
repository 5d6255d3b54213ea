import { setLanguage } from '../../i18n';
import { actionLabel, actionTone, changeSummary, displayValue, entryField, entryNotes, historyEntries, toAuditEntries, toAuditEntry } from './audit-record';

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

  it('names the closure approval actions and colours them as status changes', () => {
    expect(['CLOSURE_REQUESTED', 'CLOSURE_APPROVED', 'CLOSURE_RETURNED'].map(actionLabel)).toEqual([
      'Closure requested',
      'Closure approved',
      'Closure returned',
    ]);
    expect(actionTone('CLOSURE_APPROVED')).toBe('status');
  });

  it('names the escalation actions, in English and Hindi', async () => {
    expect(['ESCALATED', 'ESCALATION_RULES_CHANGED'].map(actionLabel)).toEqual(['Escalated', 'Escalation waits changed']);
    expect(actionTone('ESCALATED')).toBe('priority');
    await setLanguage('hi');
    try {
      expect(['ESCALATED', 'ESCALATION_RULES_CHANGED'].map(actionLabel)).toEqual(['उच्च स्तर को प्रेषित', 'प्रेषण की प्रतीक्षा अवधि बदली गई']);
    } finally {
      await setLanguage('en');
    }
  });

  it('names the link actions and their field, in English and Hindi; the other grievance as the change', async () => {
    const linked = toAuditEntry({ action: 'LINKED', field_name: 'links', old_value: null, new_value: 'GRV-2025-000003' });
    const unlinked = toAuditEntry({ action: 'UNLINKED', field_name: 'links', old_value: 'GRV-2025-000003', new_value: null });
    expect(['LINKED', 'UNLINKED'].map(actionLabel)).toEqual(['Linked', 'Unlinked']);
    expect(entryField(linked)).toBe('Linked grievances');
    expect(changeSummary(linked)).toBe('- → GRV-2025-000003');
    expect(changeSummary(unlinked)).toBe('GRV-2025-000003 → -');
    await setLanguage('hi');
    try {
      expect(['LINKED', 'UNLINKED'].map(actionLabel)).toEqual(['जोड़ा गया', 'अलग किया गया']);
      expect(entryField(unlinked)).toBe('जुड़ी हुई शिकायतें');
    } finally {
      await setLanguage('en');
    }
  });

  it('names the reveal of a protected identity, in English and Hindi', async () => {
    expect(actionLabel('IDENTITY_REVEALED')).toBe('Identity revealed');
    await setLanguage('hi');
    try {
      expect(actionLabel('IDENTITY_REVEALED')).toBe('पहचान प्रकट की गई');
    } finally {
      await setLanguage('en');
    }
  });

  it('says a linked grievance the reader may not see in their language', async () => {
    const hidden = toAuditEntry({ action: 'LINKED', field_name: 'links', old_value: null, new_value: 'a grievance outside your reach' });
    expect(changeSummary(hidden)).toBe('- → a grievance outside your reach');
    await setLanguage('hi');
    try {
      expect(changeSummary(hidden)).toBe('- → आपके दायरे से बाहर की एक शिकायत');
    } finally {
      await setLanguage('en');
    }
  });

  it("names the people's field and says a protected victim in the reader's language", async () => {
    const victim = 'Victim: Identity protected (BNS s.72), Identity protected (BNS s.72), age 17';
    const people = toAuditEntry({ action: 'UPDATED', field_name: 'parties', old_value: 'Complainant: Ram Lal', new_value: `Complainant: Ram Lal Verma; ${victim}` });
    expect(entryField(people)).toBe('People in the case');
    expect(changeSummary(people)).toBe(`Complainant: Ram Lal → Complainant: Ram Lal Verma; ${victim}`);
    await setLanguage('hi');
    try {
      expect(entryField(people)).toBe('मामले के व्यक्ति');
      expect(changeSummary(people)).toBe(
        'Complainant: Ram Lal → Complainant: Ram Lal Verma; Victim: पहचान संरक्षित (बीएनएस धारा 72), पहचान संरक्षित (बीएनएस धारा 72), age 17',
      );
    } finally {
      await setLanguage('en');
    }
  });

  it("reads an ESCALATED record of the system user 'Escalation': the level it left and the level it reached", () => {
    const record = (old_value: string | null, new_value: string) =>
      toAuditEntry({
        action: 'ESCALATED',
        field_name: 'escalation',
        old_value,
        new_value,
        notes: 'Overdue by 9 days; escalated to the Agra Range range',
        action_details: { summary: 'Grievance GRV-2025-000012 escalated to the range level', level: 'range', to: { level: 'range', range: 'Agra Range' }, days_overdue: 9 },
        user_name: 'Escalation',
        user_role: 'System',
      });
    const first = record(null, 'district');
    expect(entryField(first)).toBe('Escalation');
    expect(changeSummary(first)).toBe('- → District');
    expect(changeSummary(record('district', 'range'))).toBe('District → Range');
    expect(changeSummary(record('range', 'state'))).toBe('Range → State');
    expect(first.user_name).toBe('Escalation');
  });

  it("says an escalation's notes in the reader's language, from its facts", async () => {
    const escalated = (details: Record<string, unknown>, notes: string) =>
      toAuditEntry({ action: 'ESCALATED', field_name: 'escalation', old_value: null, new_value: details.level, notes, action_details: { summary: 'Escalated', ...details } });
    const overdue = escalated({ level: 'district', days_overdue: 1, to_label: 'Agra' }, 'Overdue by 1 day; escalated to Agra');
    const missed = escalated({ level: 'range', days_overdue: 12, to_label: 'the Agra Range', source: 'BNSS s.193(3)(ii)' }, 'The duty under BNSS s.193(3)(ii) missed by 12 days; escalated to the Agra Range');
    const state = escalated({ level: 'state', days_overdue: 40, to_label: 'the state' }, 'Overdue by 40 days; escalated to the state');
    const older = escalated({ level: 'district', days_overdue: 3 }, 'Overdue by 3 days; escalated to Agra');
    expect([overdue, missed, state, older].map(entryNotes)).toEqual([
      'Overdue by 1 day; escalated to Agra',
      'The duty under BNSS s.193(3)(ii) missed by 12 days; escalated to the Agra Range',
      'Overdue by 40 days; escalated to the state',
      'Overdue by 3 days; escalated to Agra',
    ]);
    expect(entryNotes(toAuditEntry({ action: 'UPDATED', notes: 'Typed by the clerk' }))).toBe('Typed by the clerk');
    await setLanguage('hi');
    try {
      expect(entryNotes(overdue)).toBe('1 दिन से समय-सीमा पार; Agra को प्रेषित');
      expect(entryNotes(missed)).toBe('BNSS s.193(3)(ii) के अधीन दायित्व 12 दिन से अपूर्ण; Agra Range को प्रेषित');
      expect(entryNotes(state)).toMatch(/^40 दिन से समय-सीमा पार; \S+ को प्रेषित$/);
      expect(entryNotes(state)).not.toContain('the state');
      expect(entryNotes(older)).toMatch(/^3 दिन से समय-सीमा पार; /);
    } finally {
      await setLanguage('en');
    }
  });

  it("names the trash's actions, the saved views' publication and a case file's export, and their subjects, in English and Hindi", async () => {
    const actions = ['RESTORED', 'PURGED', 'TRASH_RETENTION_CHANGED', 'VIEWS_PUBLISHED'];
    const retention = toAuditEntry({
      action: 'TRASH_RETENTION_CHANGED',
      field_name: 'trash_retention',
      old_value: 'days: 90',
      new_value: 'days: 60',
      action_details: { summary: 'The trash retention changed', subject: { type: 'trash_retention', name: '' }, before: { days: 90 }, after: { days: 60 } },
    });
    const published = toAuditEntry({ action: 'VIEWS_PUBLISHED', field_name: 'published_view', action_details: null });
    expect(actions.map(actionLabel)).toEqual(['Restored from the trash', 'Purged from the trash', 'Trash retention changed', 'Published views changed']);
    expect([actionTone('RESTORED'), actionTone('PURGED')]).toEqual(['created', 'deleted']);
    expect([entryField(retention), entryField(published)]).toEqual(['Trash retention', 'Published view']);
    expect(retention.changes).toEqual([{ field: 'days', action: 'changed', oldValue: 90, newValue: 60 }]);
    const printed = toAuditEntry({ action: 'EXPORTED', field_name: 'case_file', new_value: 'Printed from the screen', action_details: { kind: 'case_file', how: 'Printed from the screen', language: 'en' } });
    expect(entryField(printed)).toBe('Case file');
    await setLanguage('hi');
    try {
      expect(entryField(printed)).toBe('केस फ़ाइल');
      expect(actions.map(actionLabel)).toEqual(['ट्रैश से वापस लाई गई', 'ट्रैश से स्थायी रूप से हटाई गई', 'ट्रैश में रखने की अवधि बदली गई', 'प्रकाशित व्यू बदले गए']);
      expect([entryField(retention), entryField(published)]).toEqual(['ट्रैश में रखने की अवधि', 'प्रकाशित व्यू']);
    } finally {
      await setLanguage('en');
    }
  });

  it('names the escalation waits as the subject of their change, with the waits before and after', () => {
    const changed = toAuditEntry({
      action: 'ESCALATION_RULES_CHANGED',
      field_name: 'escalation_rules',
      old_value: null,
      new_value: null,
      action_details: { before: { district_days: 0, range_days: 7, state_days: 14 }, after: { district_days: 0, range_days: 10, state_days: 14 } },
    });
    expect(entryField(changed)).toBe('Escalation waits');
    expect(changed.changes).toEqual([
      { field: 'district_days', action: 'changed', oldValue: 0, newValue: 0 },
      { field: 'range_days', action: 'changed', oldValue: 7, newValue: 10 },
      { field: 'state_days', action: 'changed', oldValue: 14, newValue: 14 },
    ]);
  });

  it('reads an administrative change: its subject, and its fields before and after', () => {
    const updated = toAuditEntry({
      action: 'ROLE_UPDATED',
      field_name: 'role',
      old_value: 'require two factor: No',
      new_value: 'require two factor: Yes; description: Desk',
      notes: "Role 'Clerk' (4) changed",
      action_details: { summary: "Role 'Clerk' (4) changed", subject: { type: 'role', id: 4, name: 'Clerk' }, before: { require_two_factor: false }, after: { require_two_factor: true, description: 'Desk' } },
    });
    expect(entryField(updated)).toBe('Role');
    expect(actionLabel('ROLE_UPDATED')).toBe('Role Updated');
    expect(updated.changes).toEqual([
      { field: 'require_two_factor', action: 'changed', oldValue: false, newValue: true },
      { field: 'description', action: 'added', oldValue: null, newValue: 'Desk' },
    ]);
    expect(changeSummary(updated)).toBe('require two factor: No → require two factor: Yes; description: Desk');
    const created = toAuditEntry({
      action: 'LIST_ITEM_CREATED',
      field_name: 'list_item',
      new_value: 'name: Kothrud',
      action_details: { summary: "List item 'Kothrud' (12) created", before: {}, after: { name: 'Kothrud' } },
    });
    expect(changeSummary(created)).toBe("List item 'Kothrud' (12) created");
    expect(created.changes).toEqual([{ field: 'name', action: 'added', oldValue: null, newValue: 'Kothrud' }]);
  });

  it('names the trash and the published views in English and Hindi, with what a whole setting or view became', async () => {
    const published = toAuditEntry({
      action: 'VIEWS_PUBLISHED',
      field_name: 'published_view',
      new_value: 'name: Station queue; query: status=Pending; role: SHO',
      action_details: { summary: "Published view 'Station queue' created", before: {}, after: { name: 'Station queue' } },
    });
    expect(actionLabel('VIEWS_PUBLISHED')).toBe('Published views changed');
    expect(entryField(published)).toBe('Published view');
    expect(changeSummary(published)).toBe("Published view 'Station queue' created");
    const retention = toAuditEntry({ action: 'TRASH_RETENTION_CHANGED', field_name: 'trash_retention', old_value: 'days: 90', new_value: 'days: 60' });
    expect(actionLabel('TRASH_RETENTION_CHANGED')).toBe('Trash retention changed');
    expect(entryField(retention)).toBe('Trash retention');
    expect([actionLabel('RESTORED'), actionLabel('PURGED')]).toEqual(['Restored from the trash', 'Purged from the trash']);
    expect([actionTone('RESTORED'), actionTone('PURGED')]).toEqual(['created', 'deleted']);
    await setLanguage('hi');
    try {
      expect(actionLabel('VIEWS_PUBLISHED')).toBe('प्रकाशित व्यू बदले गए');
      expect(actionLabel('TRASH_RETENTION_CHANGED')).toBe('ट्रैश में रखने की अवधि बदली गई');
      expect(entryField(published)).toBe('प्रकाशित व्यू');
    } finally {
      await setLanguage('en');
    }
  });

  it("says an appeal not decided in time moved up a level, in English and Hindi", async () => {
    const moved = toAuditEntry({
      action: 'APPEAL_ESCALATED',
      field_name: 'appeals',
      old_value: 'district',
      new_value: 'range',
      notes: 'Not decided by the district level in time; to be decided by 2026-12-20',
      user_name: 'Escalation',
    });
    expect(actionLabel('APPEAL_ESCALATED')).toBe('Appeal moved up');
    expect(entryField(moved)).toBe('Appeals');
    expect(changeSummary(moved)).toBe('District → Range');
    expect(actionTone('APPEAL_ESCALATED')).toBe('priority');
    await setLanguage('hi');
    try {
      expect(actionLabel('APPEAL_ESCALATED')).toBe('अपील उच्च स्तर को भेजी गई');
      expect(changeSummary(moved)).toBe('ज़िला → रेंज');
    } finally {
      await setLanguage('en');
    }
  });

  it("names the complainant's side in English and Hindi, and says what each record tells in the reader's language", async () => {
    const actions = ['PROGRESS_RECORDED', 'SMS_SENT', 'SMS_FAILED', 'CITIZEN_VIEWED', 'FEEDBACK_RECEIVED', 'APPEAL_DECIDED', 'CITIZEN_SETTINGS_CHANGED'];
    const progress = toAuditEntry({ action: 'PROGRESS_RECORDED', field_name: 'progress_updates', new_value: 'Statements of two witnesses recorded.', notes: 'Progress for the complainant: sent by SMS with consent' });
    const sent = toAuditEntry({ action: 'SMS_SENT', field_name: 'progress', new_value: '******678', user_name: 'SMS gateway' });
    const failed = toAuditEntry({ action: 'SMS_FAILED', field_name: 'closed', new_value: '******678', user_name: 'SMS gateway' });
    const viewed = toAuditEntry({ action: 'CITIZEN_VIEWED', new_value: 'GRV-2025-000012', user_name: 'Complainant' });
    const rated = toAuditEntry({ action: 'FEEDBACK_RECEIVED', field_name: 'feedback', new_value: 'Not satisfied', user_name: 'Complainant' });
    const decided = toAuditEntry({ action: 'APPEAL_DECIDED', field_name: 'appeals', new_value: 'Reopened on appeal' });
    const language = toAuditEntry({ action: 'UPDATED', field_name: 'citizen_language', old_value: 'en', new_value: 'hi' });
    const consent = toAuditEntry({ action: 'UPDATED', field_name: 'sms_consent', old_value: 'No', new_value: 'Yes' });
    const settings = toAuditEntry({
      action: 'CITIZEN_SETTINGS_CHANGED',
      field_name: 'citizen_settings',
      old_value: 'reopenWindowDays: 7',
      new_value: 'reopenWindowDays: 10',
      action_details: { summary: 'Reopen window and appeal limit changed', before: { reopenWindowDays: 7 }, after: { reopenWindowDays: 10 } },
    });

    expect(actions.map(actionLabel)).toEqual(['Progress recorded', 'SMS sent', 'SMS not sent', 'Viewed by the complainant', 'Feedback received', 'Appeal decided', 'Messages to complainants changed']);
    expect([progress, sent, failed, rated, decided, language, consent, settings].map(entryField)).toEqual([
      'Progress for the complainant',
      'Progress update',
      'Disposal',
      "Complainant's feedback",
      'Appeals',
      "Complainant's language for messages",
      'Consent to progress by SMS',
      'Reopen window and appeal limit',
    ]);
    expect([progress, sent, failed, viewed, rated, decided, language, settings].map(changeSummary)).toEqual([
      'Statements of two witnesses recorded.',
      'Sent to ******678',
      'Not sent to ******678',
      'Seen on the public status page',
      'Not satisfied',
      'Reopened on appeal',
      'English → हिंदी',
      'reopenWindowDays: 7 → reopenWindowDays: 10',
    ]);
    expect(actionTone('SMS_FAILED')).toBe('priority');
    expect(actionTone('APPEAL_DECIDED')).toBe('status');

    await setLanguage('hi');
    try {
      expect(actions.map(actionLabel)).toEqual(['प्रगति दर्ज', 'एसएमएस भेजा गया', 'एसएमएस नहीं भेजा जा सका', 'शिकायतकर्ता ने देखा', 'प्रतिक्रिया प्राप्त', 'अपील पर निर्णय', 'शिकायतकर्ताओं के संदेश बदले गए']);
      expect([sent, rated, decided].map(entryField)).toEqual(['प्रगति सूचना', 'शिकायतकर्ता की प्रतिक्रिया', 'अपीलें']);
      expect([sent, failed, viewed, rated, decided].map(changeSummary)).toEqual([
        '******678 पर भेजा गया',
        '******678 पर नहीं भेजा जा सका',
        'सार्वजनिक स्थिति पृष्ठ पर देखा गया',
        'संतुष्ट नहीं',
        'अपील पर फिर से खोला गया',
      ]);
    } finally {
      await setLanguage('en');
    }
  });
});
