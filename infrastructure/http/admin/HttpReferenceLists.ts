import type { ResultAsync } from 'neverthrow';
import * as z from 'zod/mini';
import type { CodeSetting, ListBodies, ListRecords, ListRef, Versioned } from '../../../application/admin/referenceLists';
import type { ApiClient, Decode } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ReferenceLists } from '../../../application/ports/ReferenceLists';
import { AreaReply, CodesReply, HolidayReply, OptionReply, OrderTermReply } from '../../../contract/lists';
import { decoderOf } from '../wire';

/** Each list's address on the API. */
const collection = (list: ListRef): string => {
  switch (list.kind) {
    case 'orderTerms':
      return '/api/order-terms';
    case 'options':
      return `/api/options/${list.key}`;
    case 'areas':
      return '/api/areas';
    case 'holidays':
      return '/api/holidays';
  }
};

/** Each list's saved record, read from `{ <name>: record }` by the wire contract. */
const SAVED: { readonly [K in ListRef['kind']]: Decode<ListRecords[K]> } = {
  orderTerms: decoderOf(z.pipe(OrderTermReply, z.transform((r) => r.term))),
  options: decoderOf(z.pipe(OptionReply, z.transform((r) => r.option))),
  areas: decoderOf(z.pipe(AreaReply, z.transform((r) => r.area))),
  holidays: decoderOf(z.pipe(HolidayReply, z.transform((r) => r.holiday))),
};

/** The Settings lists and codes over the API (/api/order-terms, /api/options/{key}, /api/areas, /api/holidays, /api/settings). */
export class HttpReferenceLists implements ReferenceLists {
  constructor(private readonly api: ApiClient) {}

  save<K extends ListRef['kind']>(list: ListRef & { readonly kind: K }, record: Versioned | null, body: ListBodies[K]): ResultAsync<ListRecords[K], ApiError> {
    const request = record ? { method: 'PUT' as const, path: `${collection(list)}/${record.id}`, body: { ...body, version: record.version } } : { method: 'POST' as const, path: collection(list), body };
    return this.api.call(request, SAVED[list.kind]);
  }

  remove(list: ListRef, id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`${collection(list)}/${id}`).map(() => undefined);
  }

  saveCodes(values: Readonly<Record<string, string>>, versions: Readonly<Record<string, number>>): ResultAsync<readonly CodeSetting[], ApiError> {
    return this.api.call({ method: 'PUT', path: '/api/settings', body: { values, versions } }, decoderOf(CodesReply)).map((r) => r.codes);
  }
}
