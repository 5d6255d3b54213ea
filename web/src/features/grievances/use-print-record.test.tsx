// Printing the grievance's screen is recorded once a print, through POST /printed; a failed
// record is let go without a word on the screen or in the console.
import { act, screen, waitFor } from '@testing-library/react';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { makeGrievance } from '../../test/grievance-fixtures';
import { renderDetail } from '../../test/render-detail';

const reader = makeUser({ permissions: [entry('grievances', { can_read: true })] });
const PRINTED = '/api/grievances/12/printed';
const HISTORY = '/api/grievances/12/history';

const calls = (fetch: ReturnType<typeof renderDetail>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);

const fire = (type: 'beforeprint' | 'afterprint') => act(() => void window.dispatchEvent(new Event(type)));

afterEach(() => vi.restoreAllMocks());

describe('printing the grievance screen', () => {
  it('records one print per print, without a body, and reads the history again', async () => {
    const fetch = renderDetail(reader, makeGrievance(), {
      [`POST ${PRINTED}`]: () => jsonResponse(200, { success: true, message: 'Print recorded' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    await waitFor(() => expect(calls(fetch, 'GET', HISTORY).length).toBeGreaterThan(0));
    const historyReads = calls(fetch, 'GET', HISTORY).length;

    await fire('beforeprint');
    // The same print, announced again before it ended: not a second record.
    await fire('beforeprint');
    await waitFor(() => expect(calls(fetch, 'POST', PRINTED)).toHaveLength(1));
    expect(calls(fetch, 'POST', PRINTED)[0][1]?.body).toBeUndefined();
    await waitFor(() => expect(calls(fetch, 'GET', HISTORY).length).toBe(historyReads + 1));
    await fire('afterprint');

    // A second print is a second record.
    await fire('beforeprint');
    await fire('afterprint');
    await waitFor(() => expect(calls(fetch, 'POST', PRINTED)).toHaveLength(2));
  });

  it('lets a failed record go without a message or a console error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const fetch = renderDetail(reader, makeGrievance(), {
      [`POST ${PRINTED}`]: () => jsonResponse(500, { error: 'Internal server error' }, 'Internal Server Error'),
    });
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    await act(() => new Promise((done) => setTimeout(done, 50)));
    const texts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
    const before = texts();
    await fire('beforeprint');
    await fire('afterprint');
    await waitFor(() => expect(calls(fetch, 'POST', PRINTED)).toHaveLength(1));
    // Let the refusal settle before looking.
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(texts()).toEqual(before);
    expect(screen.queryByText('Internal server error')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('stops listening once the screen is left', async () => {
    const fetch = renderDetail(reader, makeGrievance(), {
      [`POST ${PRINTED}`]: () => jsonResponse(200, { success: true, message: 'Print recorded' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    await fire('beforeprint');
    expect(calls(fetch, 'POST', PRINTED)).toHaveLength(0);
  });
});
