import { DEFAULT_ORDER, firstDirection, orderFromParams, withOrder } from './list-order';

describe('the grievance list order', () => {
  it('is newest filed first unless the URL names a column the server sorts by', () => {
    expect(orderFromParams(new URLSearchParams())).toEqual(DEFAULT_ORDER);
    expect(orderFromParams(new URLSearchParams('sort=priority&direction=asc'))).toEqual({ sort: 'priority', direction: 'asc' });
    expect(orderFromParams(new URLSearchParams('sort=grievance_number&direction=asc'))).toEqual(DEFAULT_ORDER);
    expect(orderFromParams(new URLSearchParams('sort=fir_date&direction=sideways'))).toEqual({ sort: 'fir_date', direction: 'desc' });
  });

  it('stays out of the URL when it is the default', () => {
    expect(withOrder(new URLSearchParams('status=Pending'), DEFAULT_ORDER).toString()).toBe('status=Pending');
    expect(withOrder(new URLSearchParams('status=Pending'), { sort: 'status', direction: 'asc' }).toString()).toBe(
      'status=Pending&sort=status&direction=asc',
    );
    expect(withOrder(new URLSearchParams(), { sort: 'filed_at', direction: 'asc' }).toString()).toBe('sort=filed_at&direction=asc');
  });

  it('starts a column in its natural direction: dates and priority from the top, status in its order', () => {
    expect((['filed_at', 'fir_date', 'priority', 'status'] as const).map(firstDirection)).toEqual(['desc', 'desc', 'desc', 'asc']);
  });
});
