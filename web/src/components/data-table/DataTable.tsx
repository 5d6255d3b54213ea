// The one table of the app. Columns are data: each says its header, how a row's cell
// is drawn, and optionally what it sorts by, its classes, where it is left out and
// whether it heads its row. The table draws the headers (a sortable one is a button
// with aria-sort on its cell), the rows, an empty state row, a checkbox at the start of
// each row for a table whose rows can be picked (one in the header picks them all), a row
// menu at the end of each row, and, on a phone, one card per row with each cell under its
// header's name.
// A table that needs none of these passes none of them.
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Density } from './density';
import { RowMenu, type RowMenuItem } from './RowMenu';
import { ariaSort, nextOrder, type SortDirection, type SortOrder } from './sorting';

export interface Column<Row, K extends string = string> {
  /** Unique among the table's columns. */
  id: string;
  /** The header's text, and the cell's label on a phone card. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The header sorts the table by this key. */
  sortKey?: K;
  /** What the column sorts by, where the header says something else (FIR No sorts by FIR date). */
  sortLabel?: string;
  /** The header cell's class (its width: `col-number`). */
  headerClassName?: string;
  /** Each cell's class, or the class a row gives its cell. */
  className?: string | ((row: Row) => string | undefined);
  /** The header is read out but not shown. */
  headerHidden?: boolean;
  /** Drawn in the header cell in place of `header` (a control: the checkbox that picks every row). */
  headerContent?: ReactNode;
  /** The cell heads its row (th scope=row). */
  rowHeader?: boolean;
  /** Left out of phone cards (`phone`), and of compact rows narrower than a desk (`narrow`). */
  hide?: { phone?: boolean; narrow?: boolean };
  /** The language of the cell's text, where it is not the page's. */
  lang?: string;
}

export interface TableSort<K extends string> {
  order: SortOrder<K>;
  onSort: (next: SortOrder<K>) => void;
  /** The direction a column sorts in on its first click (else ascending). */
  firstDirection?: (key: K) => SortDirection;
}

export interface TableRowMenu<Row> {
  /** The hidden header of the menus' column ('Actions'). */
  header: string;
  /** The menu button's name for the row ('Actions for GRV-2025-000012'). */
  label: (row: Row) => string;
  items: (row: Row) => readonly RowMenuItem[];
  /** Shown in the row that has no item ('No actions'). */
  none: string;
}

export interface TableSelection<Row> {
  /** The checkboxes' column, named on a phone card and read out ('Select'). */
  header: string;
  isSelected: (row: Row) => boolean;
  onChange: (row: Row, selected: boolean) => void;
  /** The row's checkbox's name ('Select grievance GRV-2025-000012'). */
  label: (row: Row) => string;
  /** The header checkbox's name: it picks every row shown, or none once all are. */
  allLabel: string;
  onChangeAll: (selected: boolean) => void;
}

export interface DataTableProps<Row, K extends string = string> {
  /** A column may be left out with `false` where a condition builds the list. */
  columns: readonly (Column<Row, K> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowClassName?: (row: Row, index: number) => string | undefined;
  /** A row of its own under the row, across the cells beside the row's header. */
  rowExtra?: (row: Row) => ReactNode;
  /** The id of the heading that names the table; or `label`. */
  labelledBy?: string;
  label?: string;
  caption?: ReactNode;
  /** Shown in a row of its own when there are no rows; without it an empty table shows its headers only. */
  empty?: ReactNode;
  sort?: TableSort<K>;
  rowMenu?: TableRowMenu<Row>;
  /** Rows can be picked, each with a checkbox at its start. */
  selection?: TableSelection<Row>;
  density?: Density;
  /** One card per row on a phone. */
  cards?: boolean;
  className?: string;
  size?: 'small' | 'large';
  variation?: 'striped' | 'bordered';
  highlightOnHover?: boolean;
  /** The table reaches the edges of the card it is in. */
  inset?: boolean;
}

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function hideClasses(hide: Column<unknown>['hide']) {
  return classes(hide?.phone && 'hide-phone', hide?.narrow && 'hide-narrow');
}

interface SortButtonProps<K extends string> {
  header: string;
  sortKey: K;
  sortLabel?: string;
  sort: TableSort<K>;
}

function SortButton<K extends string>({ header, sortKey, sortLabel, sort }: SortButtonProps<K>) {
  const { t } = useTranslation();
  const sorted = ariaSort(sort.order, sortKey);
  const arrow = sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕';
  const next = nextOrder(sort.order, sortKey, sort.firstDirection?.(sortKey));
  const title = t(next.direction === 'asc' ? 'table.sortAscending' : 'table.sortDescending', { column: sortLabel ?? header });
  return (
    <button type="button" className={sorted === 'none' ? 'sort-button' : 'sort-button sorted'} title={title} onClick={() => sort.onSort(next)}>
      {header}
      <span className="sort-arrow" aria-hidden="true">
        {arrow}
      </span>
    </button>
  );
}

/**
 * Whether the box is narrower than what it holds (a table too wide for the screen): then
 * it takes the keyboard's focus, so that it scrolls from the keyboard even when it holds
 * nothing to focus. Measured as it is drawn and whenever its size or the table's changes.
 */
function useOverflows(box: RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return overflows;
}

/** A native checkbox: small enough for a compact row, and 'mixed' when some rows are picked and others not. */
function PickBox({ label, checked, mixed = false, onChange }: { label: string; checked: boolean; mixed?: boolean; onChange: (checked: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return <input ref={box} type="checkbox" className="row-select" aria-label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}

function selectionColumn<Row>(selection: TableSelection<Row>, rows: readonly Row[]): Column<Row> {
  const picked = rows.filter((row) => selection.isSelected(row)).length;
  const all = rows.length > 0 && picked === rows.length;
  return {
    id: 'row-select',
    header: selection.header,
    headerClassName: 'col-select',
    className: 'cell-select',
    headerContent: <PickBox label={selection.allLabel} checked={all} mixed={picked > 0 && !all} onChange={selection.onChangeAll} />,
    cell: (row) => <PickBox label={selection.label(row)} checked={selection.isSelected(row)} onChange={(on) => selection.onChange(row, on)} />,
  };
}

function menuColumn<Row>(menu: TableRowMenu<Row>): Column<Row> {
  return {
    id: 'row-menu',
    header: menu.header,
    headerHidden: true,
    headerClassName: 'col-actions',
    className: 'cell-actions',
    cell: (row) => {
      const items = menu.items(row);
      return items.length > 0 ? (
        <RowMenu label={menu.label(row)} items={items} />
      ) : (
        <Text as="span" className="muted-text">
          {menu.none}
        </Text>
      );
    },
  };
}

export function DataTable<Row, K extends string = string>(props: DataTableProps<Row, K>) {
  const { rows, rowKey, rowClassName, rowExtra, labelledBy, label, empty, sort, rowMenu, selection, density } = props;
  const columns: Column<Row, K>[] = props.columns.filter((column): column is Column<Row, K> => Boolean(column));
  if (selection) columns.unshift(selectionColumn(selection, rows) as Column<Row, K>);
  if (rowMenu) columns.push(menuColumn(rowMenu) as Column<Row, K>);
  const headed = columns[0]?.rowHeader === true;
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box);

  const table = (
    <Table
      className={classes('data-table', props.cards && 'table-cards', density && `density-${density}`, props.className)}
      aria-labelledby={labelledBy}
      aria-label={label}
      caption={props.caption}
      size={props.size}
      variation={props.variation}
      highlightOnHover={props.highlightOnHover}
    >
      <TableHead>
        <TableRow>
          {columns.map((column) => {
            const sortKey = sort ? column.sortKey : undefined;
            return (
              <TableCell
                as="th"
                scope="col"
                key={column.id}
                aria-sort={sort && sortKey ? ariaSort(sort.order, sortKey) : undefined}
                className={classes(column.headerClassName, hideClasses(column.hide))}
              >
                {column.headerContent !== undefined ? (
                  column.headerContent
                ) : sort && sortKey ? (
                  <SortButton header={column.header} sortKey={sortKey} sortLabel={column.sortLabel} sort={sort} />
                ) : column.headerHidden ? (
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                ) : (
                  column.header
                )}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && empty ? (
          <TableRow className="empty-row">
            <TableCell colSpan={columns.length} className="empty-cell">
              {typeof empty === 'string' ? <Text className="empty-state">{empty}</Text> : empty}
            </TableCell>
          </TableRow>
        ) : null}
        {rows.map((row, index) => {
          const extra = rowExtra?.(row);
          return (
            <Fragment key={rowKey(row, index)}>
              <TableRow className={classes(rowClassName?.(row, index), extra ? 'has-extra' : null)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    as={column.rowHeader ? 'th' : 'td'}
                    scope={column.rowHeader ? 'row' : undefined}
                    data-label={column.header}
                    lang={column.lang}
                    className={classes(typeof column.className === 'function' ? column.className(row) : column.className, hideClasses(column.hide))}
                  >
                    {column.cell(row, index)}
                  </TableCell>
                ))}
              </TableRow>
              {extra ? (
                <TableRow className="row-extra">
                  {headed ? <TableCell /> : null}
                  <TableCell colSpan={headed ? columns.length - 1 : columns.length}>{extra}</TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );

  return (
    <div
      ref={box}
      className={classes('table-scroll', props.inset && 'inset-table')}
      role={scrolls && (labelledBy || label) ? 'region' : undefined}
      aria-labelledby={scrolls ? labelledBy : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {table}
    </div>
  );
}
