import { Hono } from 'hono';
import { IMAGE_EXTENSIONS, type ImageType } from '../../../domain/files/image-type';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { idParam } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { uploadBody } from '../../http/upload';
import { parseJsonBody } from '../../http/validate';
import { serviceContext } from '../../service/context';
import { BranchInput, CompanyInput, UpdateBranch, UpdateCompany } from './input';
import * as repo from './repository';
import * as organisation from './service';

/** Settings → Companies (letterhead in both languages, logo and chop) and Settings → Branches (HTTP only). */
export function organisationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Companies
  routes.get('/companies', ...requirePermission('company_view'), async (c) => c.json(await repo.companies(c.var.deps.db)));
  routes.get('/companies/create', ...requirePermission('company_create'), (c) => c.json({}));
  routes.post('/companies', ...requirePermission('company_create'), async (c) => {
    const body = await parseJsonBody(c, CompanyInput);
    if (body.isErr()) return body.error;
    const saved = await organisation.createCompany(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : c.json({ company: saved.value }, 201);
  });
  routes.get('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_view'), async (c) => {
    const found = await repo.company(c.var.deps.db, idParam(c, 'company_id'));
    return found ? c.json({ company: found }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateCompany);
    if (body.isErr()) return body.error;
    const saved = await organisation.updateCompany(serviceContext(c), idParam(c, 'company_id'), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : c.json({ company: saved.value });
  });
  routes.delete('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_delete'), async (c) => {
    const deleted = await organisation.deleteCompany(serviceContext(c), idParam(c, 'company_id'));
    return deleted.isErr() ? failureReply(c, deleted.error, { inUse: [422, 'admin.companyInUse'] }) : c.body(null, 204);
  });

  // Letterhead images: the logo and the company chop (an image of at most 5 MB).
  for (const kind of ['logo', 'chop'] as const) {
    routes.put(`/companies/:company_id{[0-9]{1,9}}/${kind}`, ...requirePermission('company_edit'), uploadBody, async (c) => {
      const saved = await organisation.setLetterhead(serviceContext(c), idParam(c, 'company_id'), kind, new Uint8Array(await c.req.arrayBuffer()));
      return saved.isErr() ? failureReply(c, saved.error, { tooLarge: [413, 'errors.tooLarge'] }) : c.json({ company: saved.value });
    });
    routes.get(`/companies/:company_id{[0-9]{1,9}}/${kind}`, ...requirePermission('company_view'), async (c) => {
      const id = idParam(c, 'company_id');
      const row = await repo.letterheadFiles(c.var.deps.db, id);
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
  routes.get('/branches', ...requirePermission('branch_view'), async (c) => c.json(await repo.branches(c.var.deps.db)));
  routes.get('/branches/create', ...requirePermission('branch_create'), async (c) => c.json({ options: { companies: await repo.companyOptions(c.var.deps.db) } }));
  routes.post('/branches', ...requirePermission('branch_create'), async (c) => {
    const body = await parseJsonBody(c, BranchInput);
    if (body.isErr()) return body.error;
    const saved = await organisation.createBranch(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : c.json({ branch: saved.value }, 201);
  });
  routes.get('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_view'), async (c) => {
    const found = await repo.branch(c.var.deps.db, idParam(c, 'branch_id'));
    return found ? c.json({ branch: found, options: { companies: await repo.companyOptions(c.var.deps.db) } }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateBranch);
    if (body.isErr()) return body.error;
    const saved = await organisation.updateBranch(serviceContext(c), idParam(c, 'branch_id'), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : c.json({ branch: saved.value });
  });
  routes.delete('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_delete'), async (c) => {
    const deleted = await organisation.deleteBranch(serviceContext(c), idParam(c, 'branch_id'));
    return deleted.isErr() ? failureReply(c, deleted.error, { inUse: [422, 'admin.branchInUse'] }) : c.body(null, 204);
  });

  return routes;
}
