import type { ResultAsync } from 'neverthrow';
import type { StatementRecord } from '../../domain/documents/statementDocument';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { DocumentSend, MailLanguage } from './Mailing';

/**
 * Statements of account beyond the Statement tab's screen data: what the statement's print view
 * shows, its e-mails (the send log, one sent from the tab) and the statements of several clients
 * sent in one action (from the outstanding reminders).
 */

/** The period a statement covers: its first and last day (YYYY-MM-DD). */
export interface StatementPeriod {
  readonly from: string;
  readonly to: string;
}

/** One e-mail of a client's statement, and the period it covered. */
export interface StatementSend extends DocumentSend {
  readonly period: StatementPeriod | null;
}

export interface StatementSends {
  readonly sends: readonly StatementSend[];
  readonly contacts: readonly { readonly name: string; readonly email: string }[];
  readonly mailConfigured: boolean;
  /** The language of the client's e-mails: the form's first choice. */
  readonly clientLanguage: MailLanguage;
}

export interface StatementSendRequest {
  readonly to: string;
  readonly language: MailLanguage;
  readonly message: string;
  readonly period: StatementPeriod;
}

/**
 * What an action on several clients did for one of them: queued (to whom) or skipped (why: a code
 * the action's words say). Sending statements replies so; another action (a payment reminder) may too.
 */
export interface ClientActionOutcome {
  readonly clientId: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly status: 'queued' | 'skipped';
  readonly recipient: string | null;
  readonly reason: string | null;
}

export interface StatementDesk {
  /** The statement of the period as its print view shows it (the client, the company, the FPS QR code's address). */
  printable(clientId: number, period: StatementPeriod): ResultAsync<StatementRecord, ApiError>;
  sends(clientId: number): ResultAsync<StatementSends, ApiError>;
  send(clientId: number, request: StatementSendRequest): ResultAsync<StatementSend, ApiError>;
  /** Sends each client's statement (the last three months to today), each to its first contact with an e-mail address, in both languages. */
  sendMany(clientIds: readonly number[]): ResultAsync<readonly ClientActionOutcome[], ApiError>;
}

export const StatementDesk = token<StatementDesk>('StatementDesk');
