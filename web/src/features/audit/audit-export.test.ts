import { auditExportPath } from './AuditExportButtons';
import { verifyPath } from './api/use-audit-verification';

describe('audit exports and checks follow the page', () => {
  it('exports the filters of the page shown, without its paging', () => {
    expect(auditExportPath('csv', '/audit/all?limit=100&offset=200&action=CREATED&startDate=2026-01-01')).toBe('/audit/export/csv?action=CREATED&startDate=2026-01-01');
    expect(auditExportPath('excel', '/audit/all?limit=100&offset=0')).toBe('/audit/export/excel');
  });

  it('checks the chains of the page shown', () => {
    expect(verifyPath('/audit/all?limit=50&offset=50&kind=admin')).toBe('/audit/verify?limit=50&offset=50&kind=admin');
  });
});
