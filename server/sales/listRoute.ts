import type { Hono } from 'hono';
import type * as z from 'zod';
import type * as zm from 'zod/mini';
import type { Permission } from '../../domain/auth/permissions';
import type { Language } from '../../domain/i18n/language';
import { translate } from '../i18n';
import { CSV_LIMIT, csvReply } from '../http/csv';
import type { AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import type { ReplyDeclaration } from '../http/reply';
import { pageWindow, parseQuery } from '../http/query';
import { callerOf, type Caller } from './caller';

/** The query every sales list takes (ListPaging), besides its own filters. */
interface ListWindow {
  readonly page: number;
  readonly per_page: number;
  readonly format: 'json' | 'csv';
}

/** A list's filters: its query without the paging and the format. */
type FilterOf<S extends z.ZodType<ListWindow>> = Omit<z.output<S>, keyof ListWindow>;

/** A list reply without its paging, which the route adds. */
type PageBody<R extends zm.ZodMiniType> = Omit<zm.input<R>, 'page' | 'perPage'>;

export interface SalesList<S extends z.ZodType<ListWindow>, R extends zm.ZodMiniType, Item> {
  readonly query: S;
  /** The CSV export of every row that matches (format=csv): its file, its columns and a row's cells. */
  readonly csv: {
    /** The file's name (before its date), or how the filters name it. */
    readonly filename: string | ((filter: FilterOf<S>) => string);
    readonly rows: (caller: Caller, filter: FilterOf<S>, limit: number) => Promise<readonly Item[]>;
    /** The column headers, as keys of sales.csv.* in the caller's language. */
    readonly columns: readonly string[];
    /** A row's cells; `label` translates a message key into the caller's language. */
    readonly cells: (row: Item, label: (key: string) => string, language: Language) => readonly (string | number)[];
  };
  /** One page of the list as the reply gives it (its items, counts and options), without the paging. */
  readonly page: (caller: Caller, filter: FilterOf<S>, window: { limit: number; offset: number }) => Promise<PageBody<R>>;
}

/**
 * The list endpoint of a sales area (GET /quotations, /orders, /receipts): the query checked, then
 * either every matching row as a CSV file (format=csv, at most CSV_LIMIT) or one page with its paging.
 */
export function salesListRoute<S extends z.ZodType<ListWindow>, R extends zm.ZodMiniType, Item>(
  routes: Hono<AppEnv>,
  path: string,
  reply: ReplyDeclaration<R>,
  permission: Permission,
  list: SalesList<S, R, Item>,
): void {
  routes.get(path, reply, ...requirePermission(permission), async (c) => {
    const query = parseQuery(c, list.query);
    if (query.isErr()) return query.error;
    const { page, per_page, format, ...filter } = query.value;
    const caller = callerOf(c);
    if (format === 'csv') {
      const language = c.var.language;
      const label = (key: string) => translate(language, key as 'sales.csv.number');
      const rows = await list.csv.rows(caller, filter, CSV_LIMIT);
      const headers = list.csv.columns.map((key) => label(`sales.csv.${key}`));
      const filename = typeof list.csv.filename === 'string' ? list.csv.filename : list.csv.filename(filter);
      return csvReply(c, filename, headers, rows.map((row) => list.csv.cells(row, label, language)));
    }
    const body = await list.page(caller, filter, pageWindow(page, per_page));
    return reply.send(c, { ...body, page, perPage: per_page } as zm.input<R>);
  });
}
