import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useRouteFocus } from './use-route-focus';

/** The shell's frame, reduced to what the hook needs: a link outside the page and the main region. */
function Shell() {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/first">First</Link>
        <Link to="/second">Second</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/first?page=2">First, page 2</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A screen whose heading comes only once its data is in. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  return (
    <>
      {ready ? <PageHeader title="Slow page" /> : null}
      <button type="button" onClick={() => setReady(true)}>
        Finish loading
      </button>
    </>
  );
}

function renderShell(path = '/first') {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/first', element: <PageHeader title="First page" /> },
          { path: '/second', element: <PageHeader title="Second page" /> },
          { path: '/slow', element: <SlowPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus on a new screen', () => {
  it('leaves focus alone on a fresh load, where the browser starts at the top', () => {
    renderShell();
    expect(screen.getByRole('heading', { level: 1, name: 'First page' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new screen's h1 after a link is followed, and after Back", async () => {
    const router = renderShell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Second' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Second page' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { level: 1, name: 'First page' })).toHaveFocus();
  });

  it('leaves focus where the user put it while the screen was loading', async () => {
    renderShell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    // The click puts focus on the button: the heading that then arrives must not take it.
    await user.click(screen.getByRole('button', { name: 'Finish loading' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Finish loading' })).toHaveFocus();
  });

  it('focuses a late heading when focus is still where the navigation left it', async () => {
    const router = renderShell();
    await act(() => router.navigate('/slow'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Finish loading' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).toHaveFocus();
  });

  it('does not move focus for a new query on the same screen', async () => {
    renderShell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'First, page 2' }));
    expect(screen.getByRole('link', { name: 'First, page 2' })).toHaveFocus();
  });
});
