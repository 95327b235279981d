import { err, ok, type Result } from 'neverthrow';
import { sniffImageType } from '../../../domain/files/image-type';
import { withoutMetadata } from '../../../domain/files/imageMetadata';
import { checkUploadSize } from '../../../domain/files/upload';
import { parseFpsProxy } from '../../../domain/payments/fps';
import { checkCode } from '../../../domain/settings/codes';
import { fieldChanges } from '../../audit';
import { randomToken } from '../../auth/tokens';
import { REFERENCES } from '../../db/references';
import type { ServiceContext } from '../../service/context';
import { anyFields, fieldIf, invalid, notFound, onFields, tooLarge, type Failure, type FieldKeys } from '../../service/failure';
import { createAudited, deleteUnlessInUse, updateAudited } from '../../service/records';
import { PAYMENT_FIELDS, PREFIX_FIELDS, type BranchInput, type CompanyInput } from './input';
import * as repo from './repository';

/** Settings → Companies (letterhead in both languages, logo and chop) and Settings → Branches. */

/** A company or a branch needs a name in at least one language (the message goes on both). */
const nameRequired = (input: { nameEn: string; nameZh: string }): FieldKeys => (!input.nameEn && !input.nameZh ? onFields(['nameEn', 'nameZh'], 'clients.nameRequired') : {});

/** Own prefixes that are not 1–6 capital letters or digits (as Settings → Codes). */
const prefixErrors = (input: CompanyInput): FieldKeys =>
  onFields(
    PREFIX_FIELDS.filter((field) => input[field] !== '' && checkCode('invoice_prefix', input[field]) !== 'ok'),
    'admin.codePrefix',
  );

/**
 * The company's FPS identifier: its type and value go together, and the value is read by the domain
 * (an FPS ID of 7–9 digits, a Hong Kong mobile number, an e-mail address) and kept in its one
 * written form ("+852-91234567"). The input with the value so written, or the field messages.
 */
function checkFps(input: CompanyInput): { readonly input: CompanyInput; readonly errors: FieldKeys } {
  if (input.fpsType === null) return { input: { ...input, fpsValue: '' }, errors: input.fpsValue ? { fpsType: 'admin.fpsTypeRequired' } : {} };
  if (!input.fpsValue) return { input, errors: { fpsValue: 'admin.fpsValueRequired' } };
  return parseFpsProxy(input.fpsType, input.fpsValue).match(
    (proxy) => ({ input: { ...input, fpsValue: proxy.value }, errors: {} }),
    (failure) => ({ input, errors: { fpsValue: `admin.${failure.code}` } }),
  );
}

const COMPANY_FIELDS = ['nameEn', 'nameZh', 'addressEn', 'addressZh', 'phone', 'fax', 'email', 'website', 'brNumber', ...PREFIX_FIELDS, ...PAYMENT_FIELDS] as const;
const BRANCH_FIELDS = ['companyId', 'nameEn', 'nameZh', 'address', 'phone'] as const;

export async function createCompany(ctx: ServiceContext, typed: CompanyInput): Promise<Result<repo.Company, Failure>> {
  const fps = checkFps(typed);
  const input = fps.input;
  const errors = anyFields(nameRequired(input), prefixErrors(input), fps.errors);
  if (errors) return err(invalid(errors));
  const { id } = await createAudited(ctx, 'company', (tx) => repo.insertCompany(tx, input, ctx.now()), () => input);
  return ok((await repo.company(ctx.db, id))!);
}

export async function updateCompany(ctx: ServiceContext, id: number, typed: CompanyInput & { version: number }): Promise<Result<repo.Company, Failure>> {
  const before = await repo.company(ctx.db, id);
  if (!before) return err(notFound);
  const fps = checkFps(typed);
  const input = fps.input;
  const errors = anyFields(nameRequired(input), prefixErrors(input), fps.errors);
  if (errors) return err(invalid(errors));
  return updateAudited(ctx, 'company', id, (tx) => repo.updateCompany(tx, id, input, typed.version, ctx.now()), (saved) => fieldChanges(before, saved, COMPANY_FIELDS));
}

/** A company nothing points at; its logo and chop go from the storage once it is gone. */
export async function deleteCompany(ctx: ServiceContext, id: number) {
  const deleted = await deleteUnlessInUse(ctx, { table: 'companies', id, entityType: 'company', references: REFERENCES.companies });
  if (deleted.isOk()) for (const key of [deleted.value.logo_key, deleted.value.chop_key]) if (typeof key === 'string') await ctx.deps.files.delete(key);
  return deleted;
}

/**
 * Stores a new logo or chop (an image of at most 5 MB) and points the company at it; the old file
 * goes once the change is recorded, the new one when it is not.
 */
export async function setLetterhead(ctx: ServiceContext, id: number, kind: repo.Letterhead, bytes: Uint8Array): Promise<Result<repo.Company, Failure>> {
  const before = await repo.letterheadFiles(ctx.db, id);
  if (!before) return err(notFound);
  if (bytes.length === 0) return err(invalid({ [kind]: 'validation.fileRequired' }));
  if (checkUploadSize(bytes.length).isErr()) return err(tooLarge);
  const type = sniffImageType(bytes);
  // Kept without metadata (issue 31 item 7): the logo and chop go on every document a customer gets.
  const kept = type ? withoutMetadata(bytes, type) : null;
  if (!type || !kept || kept.isErr()) return err(invalid({ [kind]: 'validation.notImage' }));
  const { files } = ctx.deps;
  const key = `companies/${id}/${kind}-${randomToken(12)}`;
  await files.put(key, kept.value);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.setLetterhead(tx, id, kind, key, type);
      await ctx.audit({ action: 'update', entityType: 'company', entityId: id, changes: { [kind]: { type, bytes: kept.value.length } } }, tx);
    });
  } catch (error) {
    // Not recorded: the file it stored goes too.
    await files.delete(key);
    throw error;
  }
  const old = kind === 'logo' ? before.logo_key : before.chop_key;
  if (old) await files.delete(old);
  return ok((await repo.company(ctx.db, id))!);
}

export async function createBranch(ctx: ServiceContext, input: BranchInput): Promise<Result<repo.Branch, Failure>> {
  const unknownCompany = fieldIf(!(await repo.companyExists(ctx.db, input.companyId)), 'companyId', 'validation.invalid');
  const errors = anyFields(nameRequired(input), unknownCompany);
  if (errors) return err(invalid(errors));
  const { id } = await createAudited(ctx, 'branch', (tx) => repo.insertBranch(tx, input, ctx.now()), () => input);
  return ok((await repo.branch(ctx.db, id))!);
}

export async function updateBranch(ctx: ServiceContext, id: number, input: BranchInput & { version: number }): Promise<Result<repo.Branch, Failure>> {
  const before = await repo.branch(ctx.db, id);
  if (!before) return err(notFound);
  const missingName = anyFields(nameRequired(input));
  if (missingName) return err(invalid(missingName));
  if (!(await repo.companyExists(ctx.db, input.companyId))) return err(invalid({ companyId: 'validation.invalid' }));
  return updateAudited(ctx, 'branch', id, (tx) => repo.updateBranch(tx, id, input, input.version, ctx.now()), (saved) => fieldChanges(before, saved, BRANCH_FIELDS));
}

export const deleteBranch = (ctx: ServiceContext, id: number) => deleteUnlessInUse(ctx, { table: 'branches', id, entityType: 'branch', references: REFERENCES.branches });
