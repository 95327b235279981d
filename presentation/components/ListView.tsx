import type { ReactNode } from 'react';
import type { ListKind } from '../../application/ports/ListExport';
import { useQueryForm } from '../hooks/useQueryForm';
import { DataTable, type TableColumn } from './DataTable';
import { ExportLink } from './ExportLink';
import { Pagination } from './Pagination';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/** A filter of a list: a field of its search form, whose value goes into the address under `key`. */
export type ListFilter<K extends string = string> = {
  readonly key: K;
  readonly label: string;
  /** False keeps the key in the address without showing its field (e.g. a reminder's own filter). */
  readonly shown?: boolean;
} & (
  | { readonly type: 'search'; readonly placeholder?: string }
  | { readonly type: 'date' }
  | {
      readonly type: 'select';
      readonly options: readonly { readonly value: string; readonly label: string }[];
      readonly emptyLabel: string;
      /** The choice applies as it is made (e.g. the order), not with the form. */
      readonly applyOnChange?: boolean;
    }
);

/** A column of a list: its header's words, what each row shows in it, and the server's sort key if it sorts. */
export type ListColumn<Row> = TableColumn<Row>;

export interface ListViewProps<Row, K extends string> {
  readonly filters: readonly ListFilter<K>[];
  readonly columns: readonly (ListColumn<Row> | false)[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string | number;
  /** The page shown and the number of rows in every page. */
  readonly paging: { readonly page: number; readonly perPage: number; readonly total: number };
  /** The order when the address names none (e.g. '-date'). */
  readonly defaultSort?: string;
  readonly words: {
    readonly apply: string;
    /** Shows a button that empties the form, when given. */
    readonly clear?: string;
    readonly caption: string;
    /** What an empty list says when nothing filters it, and when something does. */
    readonly empty: string;
    readonly noMatch: string;
  };
  /** The list's CSV export: its kind, and query keys it always carries (e.g. a reminder's own filter). */
  readonly exportAs?: { readonly kind: ListKind; readonly fixed?: Readonly<Record<string, string>> };
  /** Buttons and links beside the search form (e.g. "New invoice"). */
  readonly actions?: ReactNode;
  /** Shown above the search form. */
  readonly intro?: ReactNode;
  /** Shown between the search form and the rows (e.g. a sum, a failure). */
  readonly summary?: ReactNode;
}

/**
 * The one list of the list screens: a search form whose values live in the address, sortable column
 * headers, the rows, pages and the CSV export of every page, all from the server's list as the address
 * filters it. The screen says what the columns and filters are; it renders nothing of its own.
 */
export function ListView<Row, K extends string>({ filters, columns, rows, rowKey, paging, defaultSort = '', words, exportAs, actions, intro, summary }: ListViewProps<Row, K>) {
  const { path, search, params, values, set, apply, clear } = useQueryForm(filters.map((f) => f.key));
  const exportQuery = () => {
    const query = new URLSearchParams(search);
    for (const [key, value] of Object.entries(exportAs?.fixed ?? {})) query.set(key, value);
    return query.toString();
  };
  return (
    <div className="stack">
      {intro}
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={apply}>
          {filters.map((filter) => {
            if (filter.shown === false) return null;
            const value = values[filter.key];
            if (filter.type === 'select') {
              const onChange = (next: string) => {
                set(filter.key, next);
                if (filter.applyOnChange) apply(undefined, { [filter.key]: next } as Partial<Record<K, string>>);
              };
              return <SelectField key={filter.key} label={filter.label} value={value} emptyLabel={filter.emptyLabel} options={filter.options} onChange={(e) => onChange(e.target.value)} />;
            }
            return (
              <TextField
                key={filter.key}
                label={filter.label}
                type={filter.type}
                name={filter.type === 'search' ? filter.key : undefined}
                value={value}
                onChange={(e) => set(filter.key, e.target.value)}
                placeholder={filter.type === 'search' ? filter.placeholder : undefined}
              />
            );
          })}
          <button type="submit" className="button button-primary">
            {words.apply}
          </button>
          {words.clear !== undefined && (
            <button type="button" className="button button-secondary" onClick={clear}>
              {words.clear}
            </button>
          )}
        </form>
        {(actions !== undefined || exportAs !== undefined) && (
          <div className="inline-actions">
            {actions}
            {exportAs && <ExportLink kind={exportAs.kind} query={exportQuery()} />}
          </div>
        )}
      </div>
      {summary}
      <DataTable caption={words.caption} columns={columns} rows={rows} rowKey={rowKey} sorting={{ path, search, defaultSort }} empty={params.size > 0 ? words.noMatch : words.empty} />
      <Pagination path={path} search={search} page={paging.page} perPage={paging.perPage} total={paging.total} />
    </div>
  );
}
