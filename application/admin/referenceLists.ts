import type { OptionKey } from '../../domain/settings/options';

/**
 * The Settings lists edited in place (order terms, option lists, areas, holidays) and the codes: the
 * records as the screens receive them (decoded by the wire contract, contract/lists.ts) and which
 * list a change is for.
 */

export interface OrderTerm {
  readonly id: number;
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
  readonly appliesTo: 'both' | 'quotation' | 'order';
  readonly sortOrder: number;
  readonly active: boolean;
  readonly version: number;
}

export interface OptionItem {
  readonly id: number;
  readonly key: OptionKey;
  readonly value: string;
  readonly labelEn: string;
  readonly labelZh: string;
  readonly sortOrder: number;
  readonly active: boolean;
  readonly version: number;
}

/** GET of one option list: its values, with the keys of every list. */
export interface OptionList {
  readonly key: OptionKey;
  readonly keys: readonly OptionKey[];
  readonly items: readonly OptionItem[];
}

export type Region = 'hk_island' | 'kowloon' | 'new_territories';

export interface Area {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly region: Region;
  readonly sortOrder: number;
  readonly version: number;
}

export interface Holiday {
  readonly id: number;
  readonly date: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly version: number;
}

export interface CodeSetting {
  readonly key: string;
  readonly kind: 'prefix' | 'number';
  readonly value: string;
  readonly version: number;
}

/** Which list a change is for. */
export type ListRef = { readonly kind: 'orderTerms' } | { readonly kind: 'options'; readonly key: OptionKey } | { readonly kind: 'areas' } | { readonly kind: 'holidays' };
export type ListKind = ListRef['kind'];

/** A record of each list, by kind. */
export interface ListRecords {
  readonly orderTerms: OrderTerm;
  readonly options: OptionItem;
  readonly areas: Area;
  readonly holidays: Holiday;
}

/** What each list's form sends, by kind (the server trims, defaults and checks it again). */
export interface ListBodies {
  readonly orderTerms: Omit<OrderTerm, 'id' | 'version'>;
  readonly options: Omit<OptionItem, 'id' | 'version' | 'key'>;
  readonly areas: Omit<Area, 'id' | 'version'>;
  readonly holidays: Omit<Holiday, 'id' | 'version'>;
}

/** A saved record's id and the version it was loaded at (a stale one is refused). */
export interface Versioned {
  readonly id: number;
  readonly version: number;
}

/** A stable name of the list, e.g. for its kept drafts. */
export const listName = (list: ListRef): string => (list.kind === 'options' ? `options:${list.key}` : list.kind);

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    orderTerms: readonly OrderTerm[];
    options: OptionList;
    areas: readonly Area[];
    holidays: readonly Holiday[];
    codes: { readonly codes: readonly CodeSetting[] };
  }
}
