import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { FPS_PROXY_TYPES, parseFpsProxy, type FpsProxyType } from '../../domain/payments/fps';
import { invalid, type FieldMessage, type FieldMessages, type Invalid } from '../forms/Invalid';

/**
 * Settings → Companies and Branches: the records as the screens receive them (decoded by the wire
 * contract, contract/organisation.ts) and the one form model both forms share: their values (text),
 * the check made before sending (a name in at least one language, as the server's rule), and the body.
 */

export interface Company {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly phone: string;
  readonly fax: string;
  readonly email: string;
  readonly website: string;
  readonly brNumber: string;
  /** The company's own document number prefixes ('' = the one under Settings → Codes). */
  readonly quotationPrefix: string;
  readonly invoicePrefix: string;
  readonly receiptPrefix: string;
  readonly refundPrefix: string;
  /** How the company is paid, printed on its invoices: its FPS identifier (null: none) and bank account ('' = not given). */
  readonly fpsType: FpsProxyType | null;
  readonly fpsValue: string;
  readonly bankName: string;
  readonly bankAccountName: string;
  readonly bankAccountNumber: string;
  readonly logoUrl: string | null;
  readonly chopUrl: string | null;
  readonly version: number;
}

export interface Branch {
  readonly id: number;
  readonly companyId: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly address: string;
  readonly phone: string;
  readonly version: number;
}

export interface BranchRow {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly address: string;
  readonly phone: string;
  readonly company: { readonly nameEn: string; readonly nameZh: string };
}

export interface CompanyChoice {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}

/** A company's or branch's form screen data: the record (none for a new one) and, for a branch, the companies it may belong to. */
export interface CompanyFormData {
  readonly company?: Company;
}
export interface BranchFormData {
  readonly branch?: Branch;
  readonly options: { readonly companies: readonly CompanyChoice[] };
}

export type OrganisationKind = 'companies' | 'branches';
export type Letterhead = 'logo' | 'chop';
/** A company's pictures, in the order Save stores them. */
export const LETTERHEADS: readonly Letterhead[] = ['logo', 'chop'];

/** The pictures chosen on a company's form: kept with its other unsaved changes, stored by Save. */
export type ChosenLetterheads = Readonly<Partial<Record<Letterhead, Blob>>>;

/**
 * Save stopped at a picture the server would not store (not an image, too large): which one, the
 * server's words under it, the pictures stored before it (the company as it now stands, with
 * them), and nothing else saved — the form keeps every field as typed.
 */
export interface LetterheadNotSaved {
  readonly code: 'letterheadNotSaved';
  readonly letterhead: Letterhead;
  readonly stored: readonly Letterhead[];
  readonly company: Company | null;
  readonly fields: FieldMessages;
}

export const LETTERHEAD_FIELDS = ['nameZh', 'nameEn', 'addressZh', 'addressEn', 'phone', 'fax', 'email', 'website', 'brNumber'] as const;
export const PREFIX_FIELDS = ['quotationPrefix', 'invoicePrefix', 'receiptPrefix', 'refundPrefix'] as const;
export const PAYMENT_FIELDS = ['fpsType', 'fpsValue', 'bankName', 'bankAccountName', 'bankAccountNumber'] as const;
/** The kinds of FPS identifier a company may give ('' in the form: none). */
export const FPS_TYPES = FPS_PROXY_TYPES;
const COMPANY_FIELDS = [...LETTERHEAD_FIELDS, ...PREFIX_FIELDS, ...PAYMENT_FIELDS] as const;
const BRANCH_FIELDS = ['nameZh', 'nameEn', 'companyId', 'address', 'phone'] as const;

/** The fields each form shows (field messages for others are said for the whole form). */
export const ORGANISATION_FIELDS: { readonly [K in OrganisationKind]: readonly string[] } = { companies: COMPANY_FIELDS, branches: BRANCH_FIELDS };

export type CompanyBody = Omit<Company, 'id' | 'version' | 'logoUrl' | 'chopUrl'>;
export type BranchBody = Omit<Branch, 'id' | 'version'>;
export interface OrganisationBodies {
  readonly companies: CompanyBody;
  readonly branches: BranchBody;
}
export interface OrganisationRecords {
  readonly companies: Company;
  readonly branches: Branch;
}

/** A form's values: every field as typed. */
export type OrganisationValues = Readonly<Record<string, string>>;

/** A company form's values: the company's, or empty for a new one (no FPS identifier: ''). */
export const companyValues = (company: Company | null): OrganisationValues => Object.fromEntries(COMPANY_FIELDS.map((f) => [f, company?.[f] ?? '']));

/** A branch form's values: the branch's, or empty under the first company for a new one. */
export const branchValues = (branch: Branch | null, companies: readonly CompanyChoice[]): OrganisationValues => ({
  nameZh: branch?.nameZh ?? '',
  nameEn: branch?.nameEn ?? '',
  companyId: String(branch?.companyId ?? companies[0]?.id ?? ''),
  address: branch?.address ?? '',
  phone: branch?.phone ?? '',
});

/** A prefix is typed in capitals. */
export const typedValue = (field: string, typed: string): string => ((PREFIX_FIELDS as readonly string[]).includes(field) ? typed.toUpperCase() : typed);

const ONE_LANGUAGE: FieldMessage = { key: 'admin:oneLanguageRequired' };

const fpsTypeOf = (typed: string | undefined): FpsProxyType | null => FPS_PROXY_TYPES.find((t) => t === typed) ?? null;

/**
 * A company's FPS identifier, by the domain's rule (as the server's): the kind and the value go
 * together; an FPS ID is 7–9 digits, a mobile a Hong Kong mobile number, an e-mail a valid address.
 */
function fpsProblems(values: OrganisationValues): Record<string, FieldMessage[]> {
  const type = fpsTypeOf(values.fpsType);
  const value = (values.fpsValue ?? '').trim();
  if (type === null) return value ? { fpsType: [{ key: 'admin:fpsTypeRequired' }] } : {};
  if (!value) return { fpsValue: [{ key: 'admin:fpsValueRequired' }] };
  return parseFpsProxy(type, value).match(
    () => ({}),
    (failure) => ({ fpsValue: [{ key: `admin:${failure.code}` }] }),
  );
}

/** A company or a branch needs a name in at least one language (the message goes on both); a company's FPS identifier must be one. */
export function checkOrganisation(values: OrganisationValues): Invalid {
  const missing = !values.nameZh?.trim() && !values.nameEn?.trim();
  return invalid({ ...(missing ? { nameZh: [ONE_LANGUAGE], nameEn: [ONE_LANGUAGE] } : {}), ...('fpsType' in values ? fpsProblems(values) : {}) });
}

const trimmed = (values: OrganisationValues, field: string): string => (values[field] ?? '').trim();

/** The body a form's values make: every text trimmed, a branch's company as its id. */
export function organisationBody<K extends OrganisationKind>(kind: K, values: OrganisationValues): OrganisationBodies[K] {
  if (kind === 'companies') {
    const company = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, trimmed(values, f)]));
    return { ...company, fpsType: fpsTypeOf(values.fpsType) } as unknown as OrganisationBodies[K];
  }
  const branch: BranchBody = { nameZh: trimmed(values, 'nameZh'), nameEn: trimmed(values, 'nameEn'), companyId: Number(values.companyId), address: trimmed(values, 'address'), phone: trimmed(values, 'phone') };
  return branch as OrganisationBodies[K];
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    companies: readonly Company[];
    companyForm: CompanyFormData;
    branches: readonly BranchRow[];
    branchForm: BranchFormData;
  }
}

/** The rights of each kind's list and form. */
const ORGANISATION_RIGHTS = {
  companies: { create: 'company_create', edit: 'company_edit', delete: 'company_delete' },
  branches: { create: 'branch_create', edit: 'branch_edit', delete: 'branch_delete' },
} as const;

/** What the companies or branches list offers the signed-in user: its "New …" button. */
export function organisationListOffers(user: User | null, kind: OrganisationKind): { readonly create: boolean } {
  return { create: hasPermission(user, ORGANISATION_RIGHTS[kind].create) };
}

/**
 * What a company's or branch's form offers the signed-in user (`record` null: a new one): saving a
 * new one by the right to create, an existing one by the right to edit; deleting an existing one by
 * the right to delete.
 */
export function organisationFormOffers(user: User | null, kind: OrganisationKind, record: object | null): { readonly edit: boolean; readonly delete: boolean } {
  const rights = ORGANISATION_RIGHTS[kind];
  return { edit: hasPermission(user, record ? rights.edit : rights.create), delete: record !== null && hasPermission(user, rights.delete) };
}
