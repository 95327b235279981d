import type { ReactNode } from 'react';
import { SortableHeader } from './SortableHeader';

/** A column of a table: its header's words, what each row shows in it, and the server's sort key if it sorts. */
export interface TableColumn<Row> {
  readonly label: string;
  readonly cell: (row: Row) => ReactNode;
  /** The key the server sorts by; with the table's `sorting`, the header then sorts the list (in the address). */
  readonly sort?: string;
  /** The class of the header and the cells ('number' aligns amounts). */
  readonly className?: string;
  /** The class of one row's cell, when it depends on the row (e.g. an indented sub-category); else `className`. */
  readonly cellClassName?: (row: Row) => string | undefined;
  /** The header's words are for screen readers only (e.g. a column of buttons). */
  readonly labelHidden?: boolean;
  /** What the header shows when it is more than its words (e.g. the label in two languages); `label` stays its key. */
  readonly heading?: ReactNode;
  /** The cells name their row (`<th scope="row">`), as in a summary by method or by worker. */
  readonly rowHeader?: boolean;
  /** What the column shows in the totals row; the table has a totals row when a column gives one. */
  readonly total?: ReactNode;
  /** The column's React key when its label is not unique; the label otherwise. */
  readonly key?: string;
}

/** The address a sortable table's headers link to, with the order when the address names none. */
export interface TableSorting {
  readonly path: string;
  readonly search: string;
  readonly defaultSort: string;
}

export interface DataTableProps<Row> {
  readonly columns: readonly (TableColumn<Row> | false)[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => string | number;
  /** The table's name, for screen readers only unless `captionShown`; none on a printed sheet. */
  readonly caption?: string;
  readonly captionShown?: boolean;
  /** Sortable headers for the columns with a `sort` key. */
  readonly sorting?: TableSorting | null;
  /** What the place of the table says when there are no rows (a notice); without it, the empty table is shown. */
  readonly empty?: string;
  /** The table's classes: 'data-table' unless told ('' for none, e.g. on a printout). */
  readonly className?: string;
  /** The classes of the box that scrolls the table sideways: 'table-wrap' unless told; null for no box. */
  readonly wrapClassName?: string | null;
  /** What stands in the body instead of the rows, across every column (a loading message, a failure to load). */
  readonly placeholder?: ReactNode;
  /** The rows are being loaded (said to screen readers on the box). */
  readonly busy?: boolean;
}

/**
 * The one table of the screens: a caption, a header per column (sortable through the address where the
 * column sorts), a row per item and, when the columns give one, a totals row. The screen says what the
 * columns are; the table renders them.
 */
export function DataTable<Row>({ columns, rows, rowKey, caption, captionShown = false, sorting, empty, className = 'data-table', wrapClassName = 'table-wrap', placeholder, busy }: DataTableProps<Row>) {
  if (empty !== undefined && rows.length === 0) return <p className="notice">{empty}</p>;
  const shown = columns.filter((c): c is TableColumn<Row> => c !== false);
  const keyOf = (column: TableColumn<Row>) => column.key ?? column.label;
  const cellOf = (column: TableColumn<Row>, row: Row) => {
    const cellClass = column.cellClassName ? column.cellClassName(row) : column.className;
    return column.rowHeader ? (
      <th key={keyOf(column)} scope="row" className={cellClass}>
        {column.cell(row)}
      </th>
    ) : (
      <td key={keyOf(column)} className={cellClass}>
        {column.cell(row)}
      </td>
    );
  };
  const table = (
    <table className={className || undefined}>
      {caption !== undefined && <caption className={captionShown ? undefined : 'visually-hidden'}>{caption}</caption>}
      <thead>
        <tr>
          {shown.map((column) =>
            column.sort !== undefined && sorting ? (
              <SortableHeader key={keyOf(column)} column={column.sort} label={column.label} path={sorting.path} search={sorting.search} defaultSort={sorting.defaultSort} {...(column.className ? { className: column.className } : {})} />
            ) : (
              <th key={keyOf(column)} scope="col" className={column.className}>
                {column.heading ?? (column.labelHidden ? <span className="visually-hidden">{column.label}</span> : column.label)}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {placeholder !== undefined ? (
          <tr>
            <td colSpan={shown.length}>{placeholder}</td>
          </tr>
        ) : (
          rows.map((row, index) => <tr key={rowKey(row, index)}>{shown.map((column) => cellOf(column, row))}</tr>)
        )}
      </tbody>
      {shown.some((column) => column.total !== undefined) && (
        <tfoot>
          <tr className="totals-row">
            {shown.map((column) => (
              <td key={keyOf(column)} className={column.className}>
                {column.total}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  if (wrapClassName === null) return table;
  return (
    <div className={wrapClassName} aria-busy={busy || undefined}>
      {table}
    </div>
  );
}
