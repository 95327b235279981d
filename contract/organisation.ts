/**
 * The wire of Settings → Companies and Branches (the routes of server/admin/organisation): replies and
 * the one body shape both forms send (names in both languages and their own fields). The server's
 * replies are read by these in tests/server/organisation-contract.test.ts; the browser's adapter
 * (infrastructure/http/admin/HttpOrganisation.ts) and the screens' data decode with them.
 */
import * as z from 'zod/mini';
import { FPS_PROXY_TYPES } from '../domain/payments/fps';
import { BilingualName, Id, Version } from './common';

export const COMPANY_PREFIXES = ['quotationPrefix', 'invoicePrefix', 'receiptPrefix', 'refundPrefix'] as const;

/** What a company's form edits: its letterhead in both languages and its own document number prefixes ('' = the one under Settings → Codes). */
const companyFields = {
  nameEn: z.string(),
  nameZh: z.string(),
  addressEn: z.string(),
  addressZh: z.string(),
  phone: z.string(),
  fax: z.string(),
  email: z.string(),
  website: z.string(),
  brNumber: z.string(),
  quotationPrefix: z.string(),
  invoicePrefix: z.string(),
  receiptPrefix: z.string(),
  refundPrefix: z.string(),
  /** How the company is paid, printed on its invoices: its FPS identifier (null: none) and bank account ('' = none). */
  fpsType: z.nullable(z.enum(FPS_PROXY_TYPES)),
  fpsValue: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
};

/** A company: its fields, its logo and chop, its version. */
export const Company = z.object({
  id: Id,
  ...companyFields,
  /** The stored logo's and chop's addresses, or null when there is none. */
  logoUrl: z.nullable(z.string()),
  chopUrl: z.nullable(z.string()),
  version: Version,
});
export type Company = z.infer<typeof Company>;

/** GET /api/companies */
export const CompanyList = z.array(Company);
/** GET /api/companies/create: nothing to choose from (strict, so a company's reply is never taken for it). */
export const NewCompanyPage = z.strictObject({});
/** GET, PUT /api/companies/{id}, its logo and chop; POST /api/companies. */
export const CompanyReply = z.object({ company: Company });
export type CompanyReply = z.infer<typeof CompanyReply>;

export const Branch = z.object({ id: Id, companyId: Id, nameEn: z.string(), nameZh: z.string(), address: z.string(), phone: z.string(), version: Version });
export type Branch = z.infer<typeof Branch>;

/** A branch as the list shows it, with its company's names. */
export const BranchRow = z.object({ id: Id, nameEn: z.string(), nameZh: z.string(), address: z.string(), phone: z.string(), company: BilingualName });
export type BranchRow = z.infer<typeof BranchRow>;

/** GET /api/branches */
export const BranchList = z.array(BranchRow);

/** The companies a branch may belong to. */
export const CompanyChoice = z.extend(BilingualName, { id: Id });
export type CompanyChoice = z.infer<typeof CompanyChoice>;
const BranchOptions = z.object({ companies: z.array(CompanyChoice) });

/** GET /api/branches/create (strict, so a branch's reply is never taken for it) */
export const NewBranchPage = z.strictObject({ options: BranchOptions });
/** GET /api/branches/{id} */
export const BranchPage = z.object({ branch: Branch, options: BranchOptions });
export type BranchPage = z.infer<typeof BranchPage>;
/** POST /api/branches, PUT /api/branches/{id} */
export const BranchReply = z.object({ branch: Branch });

// The bodies the forms send (the server trims and checks them again).

export const CompanyInput = z.object(companyFields);
export type CompanyInput = z.infer<typeof CompanyInput>;

export const BranchInput = z.object({ nameEn: z.string(), nameZh: z.string(), companyId: Id, address: z.string(), phone: z.string() });
export type BranchInput = z.infer<typeof BranchInput>;
