import { Hono } from 'hono';
import * as z from 'zod';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from '../../../domain/files/image-type';
import { checkUploadSize } from '../../../domain/files/upload';
import { checkCode } from '../../../domain/settings/codes';
import { audit, fieldChanges } from '../../audit';
import { randomToken } from '../../auth/tokens';
import { errorReply, fieldError } from '../../http/errors';
import { uploadBody } from '../../http/upload';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { parseJsonBody } from '../../http/validate';
import { REFERENCES } from '../../db/references';
import { bilingualName, fieldErrors, idParam, optionalText, sameMessage, versionField } from '../../http/fields';
import { deleteUnlessInUse } from './common';
import { INT_MAX } from '../../db/limits';
import type { Database } from '../../db/schema';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

const CompanyInput = z.object({
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
});
const PREFIX_FIELDS = ['quotationPrefix', 'invoicePrefix', 'receiptPrefix', 'refundPrefix'] as const;

/** 422 messages for own prefixes that are not 1–6 capital letters or digits (as Settings → Codes). */
function prefixErrors(c: AppContext, input: z.output<typeof CompanyInput>): Record<string, string[]> {
  const wrong = PREFIX_FIELDS.filter((field) => input[field] !== '' && checkCode('invoice_prefix', input[field]) !== 'ok');
  return sameMessage(c, wrong, 'admin.codePrefix');
}
const UpdateCompany = CompanyInput.extend({ version: versionField });

const BranchInput = z.object({ ...bilingualName, companyId: z.number().int().positive().max(INT_MAX), address: optionalText(500), phone: optionalText(40) });
const UpdateBranch = BranchInput.extend({ version: versionField });

async function company(c: AppContext, id: number, db: Db = c.var.deps.db) {
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
    logoUrl: r.logo_key ? `/api/companies/${r.id}/logo?v=${r.logo_key.slice(-8)}` : null,
    chopUrl: r.chop_key ? `/api/companies/${r.id}/chop?v=${r.chop_key.slice(-8)}` : null,
    version: r.version,
  };
}

async function branch(c: AppContext, id: number, db: Db = c.var.deps.db) {
  const r = await db.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { id: r.id, companyId: r.company_id, nameEn: r.name_en, nameZh: r.name_zh, address: r.address ?? '', phone: r.phone ?? '', version: r.version } : null;
}

const companyRow = (input: z.output<typeof CompanyInput>) => ({
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
});

const companyOptions = async (c: AppContext) =>
  (await c.var.deps.db.selectFrom('companies').select(['id', 'name_en', 'name_zh']).orderBy('id').execute()).map((r) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh }));

/** Settings → Companies (letterhead in both languages, logo and chop) and Settings → Branches. */
export function organisationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Companies
  routes.get('/companies', ...requirePermission('company_view'), async (c) => {
    const rows = await c.var.deps.db.selectFrom('companies').select('id').orderBy('id').execute();
    return c.json(await Promise.all(rows.map((r) => company(c, r.id))));
  });
  routes.get('/companies/create', ...requirePermission('company_create'), (c) => c.json({}));
  routes.post('/companies', ...requirePermission('company_create'), async (c) => {
    const body = await parseJsonBody(c, CompanyInput);
    if (body.isErr()) return body.error;
    const errors = { ...(!body.value.nameEn && !body.value.nameZh ? sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired') : {}), ...prefixErrors(c, body.value) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx.insertInto('companies').values({ ...companyRow(body.value), created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'company', entityId: row.id, changes: body.value }, tx);
      return row.id;
    });
    return c.json({ company: await company(c, id) }, 201);
  });
  routes.get('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_view'), async (c) => {
    const found = await company(c, idParam(c, 'company_id'));
    return found ? c.json({ company: found }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateCompany);
    if (body.isErr()) return body.error;
    const id = idParam(c, 'company_id');
    const before = await company(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const errors = { ...(!body.value.nameEn && !body.value.nameZh ? sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired') : {}), ...prefixErrors(c, body.value) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const after = await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('companies')
        .set((eb) => ({ ...companyRow(body.value), updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', body.value.version)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return null;
      const saved = await company(c, id, tx);
      if (saved) await audit(c, { action: 'update', entityType: 'company', entityId: id, changes: fieldChanges(before, saved, ['nameEn', 'nameZh', 'addressEn', 'addressZh', 'phone', 'fax', 'email', 'website', 'brNumber', ...PREFIX_FIELDS]) }, tx);
      return saved;
    });
    if (!after) return errorReply(c, 409, 'errors.conflict');
    return c.json({ company: after });
  });
  routes.delete('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_delete'), (c) =>
    deleteUnlessInUse(c, {
      table: 'companies',
      id: idParam(c, 'company_id'),
      entityType: 'company',
      references: REFERENCES.companies,
      inUse: 'admin.companyInUse',
      // Its logo and chop go from the storage once the company is gone.
      afterCommit: async (row) => {
        for (const key of [row.logo_key, row.chop_key]) if (typeof key === 'string') await c.var.deps.files.delete(key);
      },
    }),
  );

  // Letterhead images: the logo and the company chop (an image of at most 5 MB).
  for (const kind of ['logo', 'chop'] as const) {
    routes.put(
      `/companies/:company_id{[0-9]{1,9}}/${kind}`,
      ...requirePermission('company_edit'),
      uploadBody,
      async (c) => {
        const id = idParam(c, 'company_id');
        const { db, files } = c.var.deps;
        const before = await db.selectFrom('companies').select(['logo_key', 'chop_key']).where('id', '=', id).executeTakeFirst();
        if (!before) return errorReply(c, 404, 'errors.notFound');
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        if (bytes.length === 0) return fieldError(c, kind, 'validation.fileRequired');
        if (checkUploadSize(bytes.length).isErr()) return errorReply(c, 413, 'errors.tooLarge');
        const type = sniffImageType(bytes);
        if (!type) return fieldError(c, kind, 'validation.notImage');
        const key = `companies/${id}/${kind}-${randomToken(12)}`;
        await files.put(key, bytes);
        try {
          await db.transaction().execute(async (tx) => {
            await tx
              .updateTable('companies')
              .set(kind === 'logo' ? { logo_key: key, logo_type: type } : { chop_key: key, chop_type: type })
              .where('id', '=', id)
              .execute();
            await audit(c, { action: 'update', entityType: 'company', entityId: id, changes: { [kind]: { type, bytes: bytes.length } } }, tx);
          });
        } catch (error) {
          // Not recorded: the file it stored goes too.
          await files.delete(key);
          throw error;
        }
        const old = kind === 'logo' ? before.logo_key : before.chop_key;
        if (old) await files.delete(old);
        return c.json({ company: await company(c, id) });
      },
    );
    routes.get(`/companies/:company_id{[0-9]{1,9}}/${kind}`, ...requirePermission('company_view'), async (c) => {
      const id = idParam(c, 'company_id');
      const row = await c.var.deps.db.selectFrom('companies').select(['logo_key', 'logo_type', 'chop_key', 'chop_type']).where('id', '=', id).executeTakeFirst();
      const key = kind === 'logo' ? row?.logo_key : row?.chop_key;
      const type = (kind === 'logo' ? row?.logo_type : row?.chop_type) as ImageType | null | undefined;
      const bytes = key ? await c.var.deps.files.get(key) : null;
      if (!bytes || !type) return errorReply(c, 404, 'errors.notFound');
      return c.body(bytes.slice().buffer, 200, {
        'Content-Type': type,
        'Content-Disposition': `inline; filename="company-${id}-${kind}.${IMAGE_EXTENSIONS[type]}"`,
        'Cache-Control': 'private, max-age=3600',
      });
    });
  }

  // Branches
  routes.get('/branches', ...requirePermission('branch_view'), async (c) => {
    const rows = await c.var.deps.db
      .selectFrom('branches')
      .innerJoin('companies', 'companies.id', 'branches.company_id')
      .select(['branches.id', 'branches.name_en', 'branches.name_zh', 'branches.address', 'branches.phone', 'companies.name_en as company_en', 'companies.name_zh as company_zh'])
      .orderBy('branches.id')
      .execute();
    return c.json(
      rows.map((r) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh, address: r.address ?? '', phone: r.phone ?? '', company: { nameEn: r.company_en, nameZh: r.company_zh } })),
    );
  });
  routes.get('/branches/create', ...requirePermission('branch_create'), async (c) => c.json({ options: { companies: await companyOptions(c) } }));
  routes.post('/branches', ...requirePermission('branch_create'), async (c) => {
    const body = await parseJsonBody(c, BranchInput);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = !input.nameEn && !input.nameZh ? sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired') : {};
    if (!(await c.var.deps.db.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst())) Object.assign(errors, sameMessage(c, ['companyId'], 'validation.invalid'));
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('branches')
        .values({ company_id: input.companyId, name_en: input.nameEn, name_zh: input.nameZh, address: input.address, phone: input.phone, created_at: now(), updated_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'branch', entityId: row.id, changes: input }, tx);
      return row.id;
    });
    return c.json({ branch: await branch(c, id) }, 201);
  });
  routes.get('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_view'), async (c) => {
    const found = await branch(c, idParam(c, 'branch_id'));
    return found ? c.json({ branch: found, options: { companies: await companyOptions(c) } }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateBranch);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c, 'branch_id');
    const before = await branch(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (!input.nameEn && !input.nameZh) return fieldErrors(c, sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired'));
    if (!(await c.var.deps.db.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst())) return fieldErrors(c, sameMessage(c, ['companyId'], 'validation.invalid'));
    const { db, now } = c.var.deps;
    const after = await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('branches')
        .set((eb) => ({ company_id: input.companyId, name_en: input.nameEn, name_zh: input.nameZh, address: input.address, phone: input.phone, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return null;
      const saved = await branch(c, id, tx);
      if (saved) await audit(c, { action: 'update', entityType: 'branch', entityId: id, changes: fieldChanges(before, saved, ['companyId', 'nameEn', 'nameZh', 'address', 'phone']) }, tx);
      return saved;
    });
    if (!after) return errorReply(c, 409, 'errors.conflict');
    return c.json({ branch: after });
  });
  routes.delete('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_delete'), (c) =>
    deleteUnlessInUse(c, { table: 'branches', id: idParam(c, 'branch_id'), entityType: 'branch', references: REFERENCES.branches, inUse: 'admin.branchInUse' }),
  );

  return routes;
}
