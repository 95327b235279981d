import type { ImageType } from '../../../domain/files/image-type';
import { FPS_PROXY_TYPES, type FpsProxyType } from '../../../domain/payments/fps';
import { insertStamped, updateAtVersion } from '../../db/versioned';
import type { Db, Tx } from '../../service/context';
import type { BranchInput, CompanyInput } from './input';

/** Companies and branches in SQL (rows in, records out). */

export type Letterhead = 'logo' | 'chop';

/** The stored FPS identifier's type; null for none ('' in the column). */
export const fpsTypeOf = (stored: string): FpsProxyType | null => (FPS_PROXY_TYPES as readonly string[]).includes(stored) ? (stored as FpsProxyType) : null;

export async function company(db: Db, id: number) {
  const r = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    addressEn: r.address_en,
    addressZh: r.address_zh,
    phone: r.phone,
    fax: r.fax,
    email: r.email,
    website: r.website,
    brNumber: r.br_number,
    quotationPrefix: r.quotation_prefix,
    invoicePrefix: r.invoice_prefix,
    receiptPrefix: r.receipt_prefix,
    refundPrefix: r.refund_prefix,
    fpsType: fpsTypeOf(r.fps_type),
    fpsValue: r.fps_value,
    bankName: r.bank_name,
    bankAccountName: r.bank_account_name,
    bankAccountNumber: r.bank_account_number,
    logoUrl: r.logo_key ? `/api/companies/${r.id}/logo?v=${r.logo_key.slice(-8)}` : null,
    chopUrl: r.chop_key ? `/api/companies/${r.id}/chop?v=${r.chop_key.slice(-8)}` : null,
    version: r.version,
  };
}
export type Company = NonNullable<Awaited<ReturnType<typeof company>>>;

export async function companies(db: Db): Promise<Company[]> {
  const rows = await db.selectFrom('companies').select('id').orderBy('id').execute();
  return (await Promise.all(rows.map((r) => company(db, r.id)))).filter((c) => c !== null);
}

/** The companies a branch may belong to, as its form offers them. */
export const companyOptions = async (db: Db) =>
  (await db.selectFrom('companies').select(['id', 'name_en', 'name_zh']).orderBy('id').execute()).map((r) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh }));

export const companyExists = async (db: Db, id: number) => (await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

const companyColumns = (input: CompanyInput) => ({
  name_en: input.nameEn,
  name_zh: input.nameZh,
  address_en: input.addressEn,
  address_zh: input.addressZh,
  phone: input.phone,
  fax: input.fax,
  email: input.email,
  website: input.website,
  br_number: input.brNumber,
  quotation_prefix: input.quotationPrefix,
  invoice_prefix: input.invoicePrefix,
  receipt_prefix: input.receiptPrefix,
  refund_prefix: input.refundPrefix,
  fps_type: input.fpsType ?? '',
  fps_value: input.fpsType ? input.fpsValue : '',
  bank_name: input.bankName,
  bank_account_name: input.bankAccountName,
  bank_account_number: input.bankAccountNumber,
});

export const insertCompany = async (tx: Tx, input: CompanyInput, now: Date): Promise<{ id: number }> => ({ id: await insertStamped(tx, 'companies', companyColumns(input), now) });

/** The company after a versioned update; null when the version was stale. */
export const updateCompany = async (tx: Tx, id: number, input: CompanyInput, version: number, now: Date) =>
  (await updateAtVersion(tx, 'companies', { id, version }, companyColumns(input), now)) ? company(tx, id) : null;

/** A company's stored letterhead images: their storage keys and types (undefined: no such company). */
export const letterheadFiles = (db: Db, id: number) =>
  db.selectFrom('companies').select(['logo_key', 'logo_type', 'chop_key', 'chop_type']).where('id', '=', id).executeTakeFirst();

export async function setLetterhead(tx: Tx, id: number, kind: Letterhead, key: string, type: ImageType): Promise<void> {
  await tx
    .updateTable('companies')
    .set(kind === 'logo' ? { logo_key: key, logo_type: type } : { chop_key: key, chop_type: type })
    .where('id', '=', id)
    .execute();
}

export async function branch(db: Db, id: number) {
  const r = await db.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { id: r.id, companyId: r.company_id, nameEn: r.name_en, nameZh: r.name_zh, address: r.address ?? '', phone: r.phone ?? '', version: r.version } : null;
}
export type Branch = NonNullable<Awaited<ReturnType<typeof branch>>>;

/** Every branch with its company's names, as the list shows them. */
export async function branches(db: Db) {
  const rows = await db
    .selectFrom('branches')
    .innerJoin('companies', 'companies.id', 'branches.company_id')
    .select(['branches.id', 'branches.name_en', 'branches.name_zh', 'branches.address', 'branches.phone', 'companies.name_en as company_en', 'companies.name_zh as company_zh'])
    .orderBy('branches.id')
    .execute();
  return rows.map((r) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh, address: r.address ?? '', phone: r.phone ?? '', company: { nameEn: r.company_en, nameZh: r.company_zh } }));
}

const branchColumns = (input: BranchInput) => ({ company_id: input.companyId, name_en: input.nameEn, name_zh: input.nameZh, address: input.address, phone: input.phone });

export const insertBranch = async (tx: Tx, input: BranchInput, now: Date) => ({ id: await insertStamped(tx, 'branches', branchColumns(input), now) });

/** The branch after a versioned update; null when the version was stale. */
export const updateBranch = async (tx: Tx, id: number, input: BranchInput, version: number, now: Date) =>
  (await updateAtVersion(tx, 'branches', { id, version }, branchColumns(input), now)) ? branch(tx, id) : null;
