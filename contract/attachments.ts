/**
 * The wire of attachments: the files of a client or an order as the server lists them (after an
 * upload, a delete, and on the client's attachment tab and the order's page). The server's replies
 * are read by these in tests/server/clients-contract.test.ts; the browser's HTTP adapter
 * (infrastructure/http/attachments) decodes with them.
 */
import * as z from 'zod/mini';
import { Id, Timestamp } from './common';

/** One stored file: its name as uploaded, type, size, uploader, time, and where to download it. */
export const Attachment = z.object({
  id: Id,
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.int().check(z.nonnegative()),
  uploadedBy: z.nullable(z.string()),
  uploadedAt: Timestamp,
  downloadUrl: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

/** POST /api/{clients,orders}/:id/attachments (201) and DELETE /api/attachments/:id: the owner's files after the change. */
export const AttachmentsReply = z.object({ attachments: z.array(Attachment) });
export type AttachmentsReply = z.infer<typeof AttachmentsReply>;
