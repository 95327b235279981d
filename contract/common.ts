/**
 * The wire contract's shared pieces (DESIGN.md §2 "One wire contract"). Every file in contract/
 * describes the requests and replies of one area with zod/mini — the small, functional build of zod,
 * because these schemas reach the browser, whose /login route has a 150 KB budget — and is imported
 * by both the server (to check its replies, and to make the OpenAPI document) and the browser's HTTP
 * adapters (to decode replies into Result: a malformed reply is an error, never a default).
 *
 * contract/ may import domain/ and contract/ only (the layer rules in .dependency-cruiser.cjs).
 */
import * as z from 'zod/mini';
import { isIsoDate, type IsoDate } from '../domain/time/dates';

/** A record's id: a positive whole number. */
export const Id = z.number().check(z.int(), z.positive());

/** A record's version, echoed on an edit so a stale one gets 409. */
export const Version = z.number().check(z.int(), z.nonnegative());

/** Money: whole cents of HKD (DESIGN.md §6). May be negative (a refund, a credit). */
export const Cents = z.number().check(z.int());

/** A date without a time, `YYYY-MM-DD` (a real calendar date). */
export const IsoDateText = z.custom<IsoDate>((value) => isIsoDate(value));

/** A moment: ISO 8601 text with its offset, as the server writes timestamps. */
export const Timestamp = z.string();

/** The two languages of the product. */
export const Language = z.enum(['zh-HK', 'en']);

/**
 * A page of a list as the list endpoints send it: `{ items, total, page, perPage, …extra }` (the
 * extra fields, such as the filter options, given by each area).
 */
export const listPage = <Row extends z.ZodMiniType, Extra extends z.core.$ZodShape = Record<never, never>>(row: Row, extra?: Extra) =>
  z.object({ items: z.array(row), total: z.number(), page: z.number(), perPage: z.number(), ...(extra ?? ({} as Extra)) });

/** `{ message }`: the reply of an action that only says it is done, in the caller's language. */
export const Done = z.object({ message: z.optional(z.string()) });

/** A plain name in both languages, as lists and pickers show a record. */
export const BilingualName = z.object({ nameEn: z.string(), nameZh: z.string() });

/** A record known by its code and its names in both languages (a client, a product), as lists, pickers and documents show it. */
export const codedName = { id: Id, code: z.string(), ...BilingualName.shape };

/** A term's words in both languages: a reusable term of Settings, or its copy on a document. */
export const TermWords = z.object({ titleEn: z.string(), titleZh: z.string(), bodyEn: z.string(), bodyZh: z.string() });
