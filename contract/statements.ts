/**
 * The wire of statements of account beyond the screen (server/statements/routes.ts): a statement
 * sent by e-mail from the client's Statement tab and its send log, and the statements sent to
 * several clients in one action (from the outstanding reminders). The statement itself is in
 * contract/clients.ts (the Statement tab's data); its PDF is a download.
 */
import * as z from 'zod/mini';
import { Statement } from './clients';
import { BilingualName, Id, IsoDateText } from './common';
import { DocumentSend, MailContact } from './mail';
import { Letterhead } from './sales';

export const MailLanguage = z.enum(['zh-HK', 'en', 'both']);

/** The period a statement covers: its first and last day. */
export const StatementPeriod = z.object({ from: IsoDateText, to: IsoDateText });
export type StatementPeriod = z.infer<typeof StatementPeriod>;

/**
 * GET /api/clients/{id}/statement/print?from&to: what the statement's print view shows (the record
 * of domain/documents/statementDocument.ts): the client, the company it prints under, the statement,
 * and the address of its FPS QR code for what is owed (null when nothing is owed or no FPS identifier).
 */
export const StatementPrint = z.object({
  clientId: Id,
  clientCode: z.string(),
  client: z.nullable(z.object({ nameEn: z.string(), nameZh: z.string(), address: z.string(), contact: z.nullable(z.object({ name: z.string(), phones: z.array(z.string()) })) })),
  letterhead: z.nullable(Letterhead),
  statement: Statement,
  fpsQrUrl: z.nullable(z.string()),
});
export type StatementPrint = z.infer<typeof StatementPrint>;
export const StatementPrintReply = z.object({ print: StatementPrint });

/** One e-mail of a client's statement, and the period it covered. */
export const StatementSend = z.extend(DocumentSend, { period: z.nullable(StatementPeriod) });
export type StatementSend = z.infer<typeof StatementSend>;

/** GET /api/clients/{id}/statement/emails: the client's statements sent, newest first, whom they may go to, and whether e-mail is set up. */
export const StatementSends = z.object({
  sends: z.array(StatementSend),
  /** The contacts with an e-mail address, the one for accounts first. */
  contacts: z.array(MailContact),
  mailConfigured: z.boolean(),
  /** The language of the client's e-mails: the form's first choice. */
  clientLanguage: MailLanguage,
});
export type StatementSends = z.infer<typeof StatementSends>;

/** POST /api/clients/{id}/statement/emails: to whom, in which language, the message ('' = the default one), the period (omitted: the last three months to today). */
export const SendStatementInput = z.object({
  to: z.string(),
  language: MailLanguage,
  message: z.string(),
  period: z.optional(StatementPeriod),
});
export type SendStatementInput = z.infer<typeof SendStatementInput>;

/** The statement's e-mail queued. */
export const StatementSendReply = z.object({ send: StatementSend });
export type StatementSendReply = z.infer<typeof StatementSendReply>;

/** POST /api/statements/emails: the clients whose statements go out (each to its first contact with an e-mail address), the period and the language. */
export const SendStatementsInput = z.object({
  clientIds: z.array(Id),
  period: z.optional(StatementPeriod),
  language: z.optional(MailLanguage),
});
export type SendStatementsInput = z.infer<typeof SendStatementsInput>;

/** Why a client's statement was not queued. */
export const STATEMENT_SKIP_REASONS = ['noEmail', 'nothingOwed', 'mailNotConfigured', 'notFound'] as const;
export type StatementSkipReason = (typeof STATEMENT_SKIP_REASONS)[number];

/**
 * What one action on several clients did for each of them: queued (to whom) or skipped (why). The
 * shape of any such action (statements here; a payment reminder may reply alike).
 */
export const ClientActionOutcome = z.object({
  clientId: Id,
  ...BilingualName.shape,
  status: z.enum(['queued', 'skipped']),
  /** The address it goes to, when queued. */
  recipient: z.nullable(z.string()),
  /** Why it was skipped (a STATEMENT_SKIP_REASONS code for statements). */
  reason: z.nullable(z.string()),
});
export type ClientActionOutcome = z.infer<typeof ClientActionOutcome>;

/** The reply of POST /api/statements/emails: each client's outcome, in the order asked, and the period the statements cover. */
export const SendStatementsReply = z.object({ results: z.array(ClientActionOutcome), period: StatementPeriod });
export type SendStatementsReply = z.infer<typeof SendStatementsReply>;
