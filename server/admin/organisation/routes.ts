import { Hono } from 'hono';
import { BranchList, BranchPage, BranchReply, CompanyList, CompanyReply, NewBranchPage, NewCompanyPage } from '../../../contract/organisation';
import { IMAGE_EXTENSIONS, type ImageType } from '../../../domain/files/image-type';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { idParam } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { uploadBody } from '../../http/upload';
import { replies } from '../../http/reply';
import { parseJsonBody } from '../../http/validate';
import { serviceContext } from '../../service/context';
import { BranchInput, CompanyInput, UpdateBranch, UpdateCompany } from './input';
import * as repo from './repository';
import * as organisation from './service';

/** Settings → Companies (letterhead in both languages, logo and chop) and Settings → Branches (HTTP only). */
export function organisationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const companyList = replies(CompanyList);
  const newCompany = replies(NewCompanyPage);
  const companyCreated = replies(CompanyReply, 201);
  const company = replies(CompanyReply);
  const branchList = replies(BranchList);
  const newBranch = replies(NewBranchPage);
  const branchCreated = replies(BranchReply, 201);
  const branchPage = replies(BranchPage);
  const branchSaved = replies(BranchReply);

  // Companies
  routes.get('/companies', companyList, ...requirePermission('company_view'), async (c) => companyList.send(c, await repo.companies(c.var.deps.db)));
  routes.get('/companies/create', newCompany, ...requirePermission('company_create'), (c) => newCompany.send(c, {}));
  routes.post('/companies', companyCreated, ...requirePermission('company_create'), async (c) => {
    const body = await parseJsonBody(c, CompanyInput);
    if (body.isErr()) return body.error;
    const saved = await organisation.createCompany(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : companyCreated.send(c, { company: saved.value });
  });
  routes.get('/companies/:company_id{[0-9]{1,9}}', company, ...requirePermission('company_view'), async (c) => {
    const found = await repo.company(c.var.deps.db, idParam(c, 'company_id'));
    return found ? company.send(c, { company: found }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/companies/:company_id{[0-9]{1,9}}', company, ...requirePermission('company_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateCompany);
    if (body.isErr()) return body.error;
    const saved = await organisation.updateCompany(serviceContext(c), idParam(c, 'company_id'), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : company.send(c, { company: saved.value });
  });
  routes.delete('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_delete'), async (c) => {
    const deleted = await organisation.deleteCompany(serviceContext(c), idParam(c, 'company_id'));
    return deleted.isErr() ? failureReply(c, deleted.error, { inUse: [422, 'admin.companyInUse'] }) : c.body(null, 204);
  });

  // Letterhead images: the logo and the company chop (an image of at most 5 MB).
  for (const kind of ['logo', 'chop'] as const) {
    routes.put(`/companies/:company_id{[0-9]{1,9}}/${kind}`, company, ...requirePermission('company_edit'), uploadBody, async (c) => {
      const saved = await organisation.setLetterhead(serviceContext(c), idParam(c, 'company_id'), kind, new Uint8Array(await c.req.arrayBuffer()));
      return saved.isErr() ? failureReply(c, saved.error) : company.send(c, { company: saved.value });
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
  routes.get('/branches', branchList, ...requirePermission('branch_view'), async (c) => branchList.send(c, await repo.branches(c.var.deps.db)));
  routes.get('/branches/create', newBranch, ...requirePermission('branch_create'), async (c) => newBranch.send(c, { options: { companies: await repo.companyOptions(c.var.deps.db) } }));
  routes.post('/branches', branchCreated, ...requirePermission('branch_create'), async (c) => {
    const body = await parseJsonBody(c, BranchInput);
    if (body.isErr()) return body.error;
    const saved = await organisation.createBranch(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : branchCreated.send(c, { branch: saved.value });
  });
  routes.get('/branches/:branch_id{[0-9]{1,9}}', branchPage, ...requirePermission('branch_view'), async (c) => {
    const found = await repo.branch(c.var.deps.db, idParam(c, 'branch_id'));
    return found ? branchPage.send(c, { branch: found, options: { companies: await repo.companyOptions(c.var.deps.db) } }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/branches/:branch_id{[0-9]{1,9}}', branchSaved, ...requirePermission('branch_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateBranch);
    if (body.isErr()) return body.error;
    const saved = await organisation.updateBranch(serviceContext(c), idParam(c, 'branch_id'), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : branchSaved.send(c, { branch: saved.value });
  });
  routes.delete('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_delete'), async (c) => {
    const deleted = await organisation.deleteBranch(serviceContext(c), idParam(c, 'branch_id'));
    return deleted.isErr() ? failureReply(c, deleted.error, { inUse: [422, 'admin.branchInUse'] }) : c.body(null, 204);
  });

  return routes;
}
