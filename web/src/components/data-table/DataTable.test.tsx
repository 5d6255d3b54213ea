import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column, type DataTableProps } from './DataTable';
import { actionsColumn, DeleteButton, EditButton } from './RowActions';
import { ariaSort, nextOrder, type SortOrder } from './sorting';

interface Case {
  id: number;
  number: string;
  station: string;
  filed: string;
}

const CASES: Case[] = [
  { id: 1, number: 'GRV-1', station: 'Kotwali', filed: '2025-01-10' },
  { id: 2, number: 'GRV-2', station: 'Sadar', filed: '2025-02-03' },
];

const COLUMNS: Column<Case, 'number' | 'filed'>[] = [
  { id: 'number', header: 'Number', sortKey: 'number', cell: (c) => c.number, className: 'cell-strong' },
  { id: 'station', header: 'Station', cell: (c) => c.station, hide: { phone: true, narrow: true } },
  { id: 'filed', header: 'Filed', sortKey: 'filed', sortLabel: 'Filed date', cell: (c) => c.filed },
];

/** The cases table named 'Cases', with `props` over its columns and rows. */
function renderCases(props: Partial<DataTableProps<Case, 'number' | 'filed'>> = {}) {
  const table = <DataTable columns={COLUMNS} rows={CASES} rowKey={(c) => c.id} label="Cases" {...props} />;
  // Row menus hold links: the table is drawn inside a router, as every screen is.
  return render(<RouterProvider router={createMemoryRouter([{ path: '*', element: table }])} />);
}

describe('DataTable', () => {
  it('draws a header per column and a cell per column of each row, named for the phone cards', () => {
    renderCases({ cards: true });
    const table = screen.getByRole('table', { name: 'Cases' });
    expect(table).toHaveClass('data-table', 'table-cards');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Number', 'Station', 'Filed']);
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['GRV-1', 'Kotwali', '2025-01-10']);
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['Number', 'Station', 'Filed']);
    expect(cells[0]).toHaveClass('cell-strong');
    // Left out of phone cards and of compact rows narrower than a desk, header and cells alike.
    expect(cells[1]).toHaveClass('hide-phone', 'hide-narrow');
    expect(within(table).getByRole('columnheader', { name: 'Station' })).toHaveClass('hide-phone', 'hide-narrow');
  });

  it('leaves the cards and the column conditions out when not asked for', () => {
    const withdrawn = false as boolean;
    renderCases({ columns: [COLUMNS[0], withdrawn && COLUMNS[1]] });
    const table = screen.getByRole('table', { name: 'Cases' });
    expect(table).not.toHaveClass('table-cards');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1);
  });

  it('sorts from its headers, saying which column sorts and which way', async () => {
    const onSort = vi.fn();
    const order: SortOrder<'number' | 'filed'> = { sort: 'filed', direction: 'desc' };
    renderCases({ sort: { order, onSort, firstDirection: (key) => (key === 'filed' ? 'desc' : 'asc') } });
    expect(screen.getByRole('columnheader', { name: /^Filed/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Number/ })).toHaveAttribute('aria-sort', 'none');
    // A header that does not sort says nothing about it.
    expect(screen.getByRole('columnheader', { name: 'Station' })).not.toHaveAttribute('aria-sort');

    const filed = screen.getByRole('button', { name: /^Filed/ });
    expect(filed).toHaveAttribute('title', 'Sort by Filed date, ascending');
    await userEvent.setup().click(filed);
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'filed', direction: 'asc' });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Number/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'number', direction: 'asc' });
  });

  it('turns a sorted column around and starts another in its first direction', () => {
    expect(nextOrder({ sort: 'filed', direction: 'desc' }, 'filed')).toEqual({ sort: 'filed', direction: 'asc' });
    expect(nextOrder({ sort: 'filed', direction: 'asc' }, 'filed')).toEqual({ sort: 'filed', direction: 'desc' });
    expect(nextOrder({ sort: 'filed', direction: 'asc' }, 'number')).toEqual({ sort: 'number', direction: 'asc' });
    expect(nextOrder({ sort: 'filed', direction: 'asc' }, 'priority', 'desc')).toEqual({ sort: 'priority', direction: 'desc' });
    expect(ariaSort({ sort: 'status', direction: 'asc' }, 'status')).toBe('ascending');
    expect(ariaSort({ sort: 'status', direction: 'asc' }, 'priority')).toBe('none');
  });

  it('says it is empty in one row across every column, and only when it is', () => {
    const { unmount } = renderCases({ rows: [], empty: 'No cases found' });
    const rows = within(screen.getByRole('table', { name: 'Cases' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cell = within(rows[1]).getByRole('cell');
    expect(cell).toHaveTextContent('No cases found');
    expect(cell).toHaveAttribute('colspan', '3');
    unmount();

    renderCases({ empty: 'No cases found' });
    expect(screen.queryByText('No cases found')).not.toBeInTheDocument();
  });

  it('shows only its headers when empty without an empty state', () => {
    renderCases({ rows: [] });
    expect(within(screen.getByRole('table', { name: 'Cases' })).getAllByRole('row')).toHaveLength(1);
  });

  it("puts each row's actions in a menu named for the row, the destructive one last and set apart", async () => {
    const onDelete = vi.fn();
    renderCases({
      rowMenu: {
        header: 'Actions',
        label: (c) => `Actions for ${c.number}`,
        items: (c) =>
          c.id === 1
            ? [
                { label: 'View', icon: 'view', to: `/cases/${c.id}` },
                { label: 'Delete', icon: 'delete', danger: true, onSelect: () => onDelete(c) },
              ]
            : [],
        none: 'No actions',
      },
    });
    // The menus' column is named for screen readers only.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('col-actions');
    const [, first, second] = screen.getAllByRole('row');
    expect(within(second).getByText('No actions')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Actions for GRV-1' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View', 'Delete']);
    expect(items[0]).toHaveAttribute('href', '/cases/1');
    expect(items[1]).toHaveClass('row-menu-danger');
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    await user.click(items[1]);
    expect(onDelete).toHaveBeenCalledWith(CASES[0]);
  });

  it('heads each row with its first cell, puts a row beneath where asked, and sets its density', () => {
    renderCases({
      columns: [{ ...COLUMNS[0], rowHeader: true }, COLUMNS[1]],
      density: 'comfortable',
      rowExtra: (c) => (c.id === 2 ? `More about ${c.number}` : null),
    });
    const table = screen.getByRole('table', { name: 'Cases' });
    expect(table).toHaveClass('density-comfortable');
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['GRV-1', 'GRV-2']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveClass('has-extra');
    expect(rows[3]).toHaveTextContent('More about GRV-2');
  });

  it('lets the keyboard scroll a table too wide for its box, and only then', () => {
    const wide = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    const box = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    try {
      const { unmount } = renderCases();
      const region = screen.getByRole('region', { name: 'Cases' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name: 'Cases' })).toBeInTheDocument();
      unmount();
      wide.mockReturnValue(400);
      renderCases();
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Cases' }).parentElement).not.toHaveAttribute('tabindex');
    } finally {
      wide.mockRestore();
      box.mockRestore();
    }
  });

  it("gives each row its buttons, named for the row, or 'No actions available' where none is allowed", async () => {
    const onEdit = vi.fn();
    const allowed = (c: Case) => c.id === 1;
    renderCases({
      columns: [
        COLUMNS[0],
        actionsColumn('Actions', (c) => (
          <>
            {allowed(c) ? <EditButton name={c.number} onClick={() => onEdit(c)} /> : null}
            {allowed(c) ? <DeleteButton name={c.number} refusal="Not this one" onClick={() => undefined} /> : null}
          </>
        )),
      ],
    });
    const [, first, second] = screen.getAllByRole('row');
    expect(within(second).getByText('No actions available')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    const cell = within(first).getAllByRole('cell')[1];
    expect(cell).toHaveClass('cell-actions');
    expect(within(cell).getByRole('button', { name: 'Delete GRV-1' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(within(cell).getByRole('button', { name: 'Edit GRV-1' }));
    expect(onEdit).toHaveBeenCalledWith(CASES[0]);
  });

  it('puts a checkbox at the start of each row when rows can be picked, and one in the header for all of them', async () => {
    const user = userEvent.setup();
    const picked = new Set<number>([1]);
    const onChange = vi.fn();
    const onChangeAll = vi.fn();
    const selection = {
      header: 'Select',
      isSelected: (c: Case) => picked.has(c.id),
      onChange,
      label: (c: Case) => `Select case ${c.number}`,
      allLabel: 'Select every case shown',
      onChangeAll,
    };
    const { unmount } = renderCases({ selection, cards: true });
    const table = screen.getByRole('table', { name: 'Cases' });
    const all = within(table).getByRole('checkbox', { name: 'Select every case shown' });
    // One of two picked: the header says 'mixed'.
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(within(table).getByRole('checkbox', { name: 'Select case GRV-1' })).toBeChecked();
    const second = within(table).getByRole('checkbox', { name: 'Select case GRV-2' });
    expect(second).not.toBeChecked();
    expect(second.closest('td')).toHaveAttribute('data-label', 'Select');
    await user.click(second);
    expect(onChange).toHaveBeenCalledWith(CASES[1], true);
    await user.click(all);
    expect(onChangeAll).toHaveBeenCalledWith(true);

    // Every row picked: the header is ticked, and a click on it clears them.
    unmount();
    picked.add(2);
    renderCases({ selection });
    const ticked = screen.getByRole('checkbox', { name: 'Select every case shown' });
    expect(ticked).toBeChecked();
    expect((ticked as HTMLInputElement).indeterminate).toBe(false);
    await user.click(ticked);
    expect(onChangeAll).toHaveBeenLastCalledWith(false);
  });
});
