import * as z from 'zod';
import { FPS_PROXY_TYPES } from '../../../domain/payments/fps';
import { INT_MAX } from '../../db/limits';
import { bilingualName, optionalText, versionField } from '../../http/fields';

/** The request bodies of Settings → Companies and Branches. */
export const CompanyInput = z.object({
  ...bilingualName,
  addressEn: optionalText(500),
  addressZh: optionalText(500),
  phone: optionalText(40),
  fax: optionalText(40),
  email: z.union([z.literal(''), z.string().trim().max(255).pipe(z.email())]).default(''),
  website: optionalText(255),
  brNumber: optionalText(40),
  // The company's own document number prefixes ('' = the one under Settings → Codes).
  quotationPrefix: optionalText(20),
  invoicePrefix: optionalText(20),
  receiptPrefix: optionalText(20),
  refundPrefix: optionalText(20),
  // How the company is paid (printed on its invoices): its FPS identifier (type and value go
  // together; checked by the service) and its bank account.
  fpsType: z.enum(FPS_PROXY_TYPES).nullable().default(null),
  fpsValue: optionalText(254),
  bankName: optionalText(100),
  bankAccountName: optionalText(100),
  bankAccountNumber: optionalText(40),
});
export const UpdateCompany = CompanyInput.extend({ version: versionField });
export const BranchInput = z.object({ ...bilingualName, companyId: z.number().int().positive().max(INT_MAX), address: optionalText(500), phone: optionalText(40) });
export const UpdateBranch = BranchInput.extend({ version: versionField });

export type CompanyInput = z.output<typeof CompanyInput>;
export type BranchInput = z.output<typeof BranchInput>;
export const PREFIX_FIELDS = ['quotationPrefix', 'invoicePrefix', 'receiptPrefix', 'refundPrefix'] as const;
export const PAYMENT_FIELDS = ['fpsType', 'fpsValue', 'bankName', 'bankAccountName', 'bankAccountNumber'] as const;
