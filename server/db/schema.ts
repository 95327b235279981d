import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Recurrence } from '../../domain/appointments/recurrence';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { LinkedDocument } from '../../domain/links/linkedDocuments';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CompanyTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  address_en: Generated<string>;
  address_zh: Generated<string>;
  phone: Generated<string>;
  fax: Generated<string>;
  email: Generated<string>;
  website: Generated<string>;
  br_number: Generated<string>;
  logo_key: Generated<string | null>;
  logo_type: Generated<string | null>;
  chop_key: Generated<string | null>;
  chop_type: Generated<string | null>;
  /** The company's own document number prefixes; '' = the one under Settings → Codes. */
  quotation_prefix: Generated<string>;
  invoice_prefix: Generated<string>;
  receipt_prefix: Generated<string>;
  refund_prefix: Generated<string>;
  /** How the company is paid: its FPS identifier ('fpsId' | 'mobile' | 'email', '' = none) and bank account ('' = none). */
  fps_type: Generated<string>;
  fps_value: Generated<string>;
  bank_name: Generated<string>;
  bank_account_name: Generated<string>;
  bank_account_number: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface BranchTable {
  id: Generated<number>;
  company_id: number;
  name_en: string;
  name_zh: string;
  address: string | null;
  phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  /** Holders must have two-factor on: without it a session reaches only its setup (server/auth/twoFactorPolicy.ts). */
  two_factor_required: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface RolePermissionTable {
  role_id: number;
  permission: string;
}

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  language: string;
  role_id: number | null;
  branch_id: number | null;
  company_id: number | null;
  is_admin: Generated<boolean>;
  active: Generated<boolean>;
  calendar_color: string | null;
  /** Encrypted (AES-GCM with the app key): the TOTP secret, set when two-factor is being or has been enabled. */
  two_factor_secret: string | null;
  /** Encrypted JSON array of the unused recovery codes. */
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: Timestamp | null;
  /** The last TOTP time step accepted: a code of that step or earlier is a replay. */
  two_factor_last_step: ColumnType<string | null, number | string | null, number | string | null>;
  photo_key: string | null;
  photo_type: string | null;
  password_changed_at: Timestamp | null;
  /** Commission in basis points (5.5% = 550), when the user's rate applies. */
  commission_rate_bp: Generated<number | null>;
  /** A temporary password set by an administrator: the user must change it at their next sign-in (0018). */
  must_change_password: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A "Forgot password?" link (0018): only its token's SHA-256 is kept; it expires and is used once. */
export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SessionTable {
  /** SHA-256 (hex) of the token held in the session cookie: a stolen table does not give sessions. */
  id: string;
  user_id: number | null;
  xsrf_token: string;
  created_at: Timestamp;
  last_activity_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** A sign-in whose password was right, waiting for its two-factor challenge. */
  pending_user_id: number | null;
  pending_at: Timestamp | null;
  /** The rights the user signed in with: a change of is-admin or role applies from the next sign-in. */
  is_admin_snapshot: boolean | null;
  permissions_snapshot: Json<string[]> | null;
}

export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

/** A customer link: only the SHA-256 of its token is kept (docs/security.md). */
export interface DocumentLinkTable {
  id: Generated<number>;
  document_type: LinkedDocument;
  document_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** One open of a customer link: when, from which address (as the server saw it), with which browser. */
export interface DocumentLinkOpenTable {
  id: Generated<number>;
  link_id: number;
  opened_at: Timestamp;
  ip: string | null;
  user_agent: Generated<string>;
}

/** A customer's answer to a quotation through its link: accepted (name and drawn signature, a PNG) or declined (a reason). */
export interface QuotationResponseTable {
  id: Generated<number>;
  quotation_id: number;
  link_id: number | null;
  outcome: 'accepted' | 'declined';
  name: Generated<string>;
  signature: Uint8Array | null;
  reason: Generated<string>;
  ip: string | null;
  user_agent: Generated<string>;
  responded_at: Timestamp;
}

export interface ApiTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  abilities: Json<string[]>;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface AuditTable {
  id: Generated<string>;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: Json<Record<string, unknown>> | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface AreaTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  region: 'hk_island' | 'kowloon' | 'new_territories';
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ClientTable {
  id: Generated<number>;
  name_en: Generated<string>;
  name_zh: Generated<string>;
  /** The HKID sealed with the app key; only hkid_masked is shown without the reveal permission. */
  hkid_sealed: string | null;
  hkid_masked: string | null;
  tags: ColumnType<string[], string | undefined, string>;
  company_id: number | null;
  branch_id: number | null;
  notes: Generated<string>;
  /** How the client found the business: the value of a `client_source` option (Settings → Options). */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client asked for no reminders (issue 21 item 7: neither the day-before nor the overdue one). */
  reminders_opt_out: Generated<boolean>;
  /** The language the client's e-mails are written in (migration 0024): zh-HK, en or both. */
  mail_language: ColumnType<'zh-HK' | 'en' | 'both', 'zh-HK' | 'en' | 'both' | undefined, 'zh-HK' | 'en' | 'both'>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ClientContactTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  title: Generated<string>;
  phones: ColumnType<string[], string | undefined, string>;
  email: Generated<string>;
  is_primary: Generated<boolean>;
  /** The contact for accounts (at most one per client): statements, invoices and reminders go to them first. */
  is_accounts: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface ClientAddressTable {
  id: Generated<number>;
  client_id: number;
  label: Generated<string>;
  address: string;
  area_id: number | null;
  sort_order: Generated<number>;
}

export interface AttachmentTable {
  id: Generated<number>;
  owner_type: 'client' | 'order' | 'report';
  owner_id: number;
  file_key: string;
  /** The uploader's file name, for display only; downloads get a server-made name. */
  display_name: string;
  content_type: string;
  size_bytes: number;
  branch_id: number | null;
  uploaded_by: number | null;
  /** A report photo's moment: before or after the work (null: not tagged). */
  photo_tag: ColumnType<'before' | 'after' | null, 'before' | 'after' | null | undefined, 'before' | 'after' | null>;
  created_at: Timestamp;
}

export interface OrderTermTable {
  id: Generated<number>;
  title_en: Generated<string>;
  title_zh: Generated<string>;
  body_en: Generated<string>;
  body_zh: Generated<string>;
  applies_to: Generated<'quotation' | 'order' | 'both'>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface OptionTable {
  id: Generated<number>;
  key: string;
  value: string;
  label_en: Generated<string>;
  label_zh: Generated<string>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface HolidayTable {
  id: Generated<number>;
  /** A calendar date, YYYY-MM-DD (read it as text: never through a time zone). */
  date: ColumnType<string, string, string>;
  name_en: Generated<string>;
  name_zh: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductCategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name_en: Generated<string>;
  name_zh: Generated<string>;
  commission_rate_bp: number | null;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  code: string;
  name_en: Generated<string>;
  name_zh: Generated<string>;
  category_id: number | null;
  unit: string;
  /** The pesticide's active ingredient ('' when none or not given), printed on service reports. */
  active_ingredient: Generated<string>;
  /** Cents. */
  unit_price: number;
  commission_rate_bp: number | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A calendar date column: always selected as text ('YYYY-MM-DD'), never through a time zone. */
type DateColumn = ColumnType<string, string, string>;

interface DocumentColumns {
  id: Generated<number>;
  number: string;
  date: DateColumn;
  client_id: number;
  branch_id: number | null;
  salesperson_id: number | null;
  discount_rate_bp: Generated<number>;
  subtotal: number;
  discount: number;
  total: number;
  terms: ColumnType<unknown[], string | undefined, string>;
  notes: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface QuotationTable extends DocumentColumns {
  kind: 'basic' | 'contract';
  status: Generated<'draft' | 'sent' | 'accepted' | 'rejected' | 'expired'>;
  valid_days: number;
  period_start: DateColumn | null;
  period_end: DateColumn | null;
  visit_frequency: string | null;
  order_id: number | null;
}

export interface OrderTable extends DocumentColumns {
  type: 'new_order' | 'regular_order' | 'review' | 'maintenance';
  quotation_id: number | null;
  due_date: DateColumn;
  voided: Generated<boolean>;
  void_reason: Generated<string>;
  voided_at: Timestamp | null;
  voided_by: number | null;
  /** Receipts less refunds, in cents; the database keeps 0 ≤ paid ≤ total. */
  paid: Generated<number>;
}

interface ItemColumns {
  id: Generated<number>;
  product_id: number | null;
  description_en: Generated<string>;
  description_zh: Generated<string>;
  /** Hundredths (1.5 visits = 150). */
  quantity: number;
  unit_price: number;
  line_total: number;
  sort_order: Generated<number>;
}

export interface QuotationItemTable extends ItemColumns {
  quotation_id: number;
}

export interface OrderItemTable extends ItemColumns {
  order_id: number;
}

export interface ReceiptTable {
  id: Generated<number>;
  number: string;
  order_id: number;
  kind: 'receipt' | 'refund';
  date: DateColumn;
  method: string;
  reference: Generated<string>;
  amount: number;
  reason: Generated<string>;
  banked_in: Generated<boolean>;
  banked_in_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  version: Generated<number>;
}

export interface DocumentSequenceTable {
  prefix: string;
  year: number;
  last: number;
}

export interface AppointmentTable {
  id: Generated<number>;
  client_id: number;
  address: Generated<string>;
  area_id: number | null;
  branch_id: number | null;
  order_id: number | null;
  appointment_type: Generated<string>;
  notes: Generated<string>;
  start_date: DateColumn;
  start_minute: number;
  duration_minutes: number;
  all_day: Generated<boolean>;
  /** The domain's Recurrence. */
  recurrence: ColumnType<Recurrence, string, string>;
  end_kind: 'count' | 'until' | 'never';
  end_count: number | null;
  end_until: DateColumn | null;
  /** Days taken out of the series (YYYY-MM-DD). */
  exceptions: ColumnType<string[], string | undefined, string>;
  /** The last day the series can reach; null when it never ends. */
  last_date: DateColumn | null;
  origin_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface AppointmentWorkerTable {
  appointment_id: number;
  user_id: number;
}

export interface AppointmentVisitTable {
  id: Generated<number>;
  appointment_id: number;
  date: DateColumn;
  status: Generated<AppointmentStatus>;
  work_done: Generated<string>;
  findings: Generated<string>;
  pests_found: Generated<string>;
  areas_treated: Generated<string>;
  /** [{ productId, quantity (hundredths), note }] */
  products_used: ColumnType<{ productId: number; quantity: number; note: string }[], string | undefined, string>;
  client_signature: Uint8Array | null;
  client_signer: Generated<string>;
  client_signed_at: Timestamp | null;
  worker_signature: Uint8Array | null;
  worker_signer_id: number | null;
  worker_signed_at: Timestamp | null;
  reported_by: number | null;
  reported_at: Timestamp | null;
  /** Why the visit was canceled: a `cancellation_reason` option's words or typed ('' when none given). */
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A background job (server/jobs): the queue every server instance shares. */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  last_error: Generated<string>;
  locked_by: string | null;
  locked_at: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  /** A job that must exist once only (e.g. the reminder run of a day); null for ordinary jobs. */
  dedupe_key: Generated<string | null>;
}

export type TlsMode = 'none' | 'starttls' | 'tls';

/** Settings → E-mail: one row (id 1); the password sealed with the application key. */
export interface MailSettingTable {
  id: number;
  host: Generated<string>;
  port: Generated<number>;
  tls_mode: Generated<TlsMode>;
  username: Generated<string>;
  password_sealed: string | null;
  from_name: Generated<string>;
  from_address: Generated<string>;
  /** The site's address (an http(s) origin) the links in e-mails open at when APP_URL is not set ('' none). */
  site_url: Generated<string>;
  /** How many e-mails one person may send in an hour. */
  sends_per_hour: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A quotation or an invoice sent by e-mail, and the job that sends it. */
export interface DocumentSendTable {
  id: Generated<number>;
  /** A statement's send names its client (document_id) and the period it covers (period_from, period_to). */
  document_type: 'quotation' | 'invoice' | 'statement';
  document_id: number;
  job_id: number;
  recipient: string;
  language: string;
  message: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  period_from: ColumnType<string | null, string | null | undefined, string | null>;
  period_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Settings → Customer reminders: one row (id 1). */
export interface ReminderSettingTable {
  id: number;
  day_before_enabled: Generated<boolean>;
  overdue_enabled: Generated<boolean>;
  overdue_after_days: Generated<number>;
  overdue_every_days: Generated<number>;
  overdue_max_count: Generated<number>;
  /** When the daily run starts: minutes after midnight, Hong Kong time. */
  send_minute: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

export type ReminderKind = 'dayBefore' | 'overdue';
export type ReminderStatus = 'queued' | 'sent' | 'failed' | 'skipped';

/** One reminder to a customer (the send log), made once per `dedupe_key`. */
export interface ReminderTable {
  id: Generated<number>;
  kind: ReminderKind;
  dedupe_key: string;
  client_id: number;
  /** The day (Hong Kong) it was made for. */
  day: DateColumn;
  appointment_id: number | null;
  visit_date: DateColumn | null;
  visit_start: Timestamp | null;
  visit_end: Timestamp | null;
  all_day: Generated<boolean>;
  address: Generated<string>;
  recipient: Generated<string>;
  status: ReminderStatus;
  reason: Generated<string>;
  job_id: number | null;
  manual: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** The invoices an overdue reminder listed, with what each still owed then. */
export interface ReminderInvoiceTable {
  reminder_id: number;
  order_id: number;
  outstanding: number;
}

/** A reply kept by idempotency key (migration 0023): null only inside the transaction that claims the key. */
export interface IdempotentReplyTable {
  user_id: number;
  key: string;
  scope: string;
  status: number | null;
  reply: Json<unknown> | null;
  created_at: Timestamp;
}

export interface Database {
  idempotent_replies: IdempotentReplyTable;
  reminder_settings: ReminderSettingTable;
  reminders: ReminderTable;
  reminder_invoices: ReminderInvoiceTable;
  jobs: JobTable;
  mail_settings: MailSettingTable;
  document_sends: DocumentSendTable;
  appointments: AppointmentTable;
  appointment_workers: AppointmentWorkerTable;
  appointment_visits: AppointmentVisitTable;
  quotations: QuotationTable;
  quotation_items: QuotationItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  receipts: ReceiptTable;
  document_sequences: DocumentSequenceTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  order_terms: OrderTermTable;
  options: OptionTable;
  settings: SettingTable;
  holidays: HolidayTable;
  clients: ClientTable;
  client_contacts: ClientContactTable;
  client_addresses: ClientAddressTable;
  attachments: AttachmentTable;
  api_tokens: ApiTokenTable;
  app_secrets: AppSecretTable;
  rate_limits: RateLimitTable;
  document_links: DocumentLinkTable;
  password_resets: PasswordResetTable;
  document_link_opens: DocumentLinkOpenTable;
  quotation_responses: QuotationResponseTable;
  areas: AreaTable;
  companies: CompanyTable;
  branches: BranchTable;
  roles: RoleTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  sessions: SessionTable;
  audits: AuditTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
