import { Hono } from 'hono';
import { BranchList, BranchPage, BranchReply, CompanyList, CompanyReply, NewBranchPage, NewCompanyPage } from '../../../contract/organisation';
import { IMAGE_EXTENSIONS, type ImageType } from '../../../domain/files/image-type';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { idParam } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { closeWhenUnread, readUpload } from '../../http/upload';
import { replies } from '../../http/reply';
import { removeUnlessInUse, savedReplies, screenReplies, shown, writes } from '../../http/handlers';
import { serviceContext } from '../../service/context';
import type { Failure } from '../../service/failure';
import { BranchInput, CompanyInput, UpdateBranch, UpdateCompany } from './input';
import * as repo from './repository';
import * as organisation from './service';

const { save } = writes((c, failure: Failure) => failureReply(c, failure));

/** Settings → Companies (letterhead in both languages, logo and chop) and Settings → Branches (HTTP only). */
export function organisationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const companies = { list: replies(CompanyList), newForm: replies(NewCompanyPage), ...savedReplies(CompanyReply) };
  const branches = screenReplies({ list: BranchList, newForm: NewBranchPage, page: BranchPage, saved: BranchReply });

  // Companies (the page and the saved company are the same reply)
  routes.get('/companies', companies.list, ...requirePermission('company_view'), async (c) => companies.list.send(c, await repo.companies(c.var.deps.db)));
  routes.get('/companies/create', companies.newForm, ...requirePermission('company_create'), (c) => companies.newForm.send(c, {}));
  routes.post('/companies', companies.created, ...requirePermission('company_create'), save(CompanyInput, (c, input) => organisation.createCompany(serviceContext(c), input), companies.created, (company) => ({ company })));
  routes.get('/companies/:company_id{[0-9]{1,9}}', companies.saved, ...requirePermission('company_view'), shown((c) => repo.company(c.var.deps.db, idParam(c, 'company_id')), companies.saved, (company) => ({ company })));
  routes.put(
    '/companies/:company_id{[0-9]{1,9}}',
    companies.saved,
    ...requirePermission('company_edit'),
    save(UpdateCompany, (c, input) => organisation.updateCompany(serviceContext(c), idParam(c, 'company_id'), input), companies.saved, (company) => ({ company })),
  );
  routes.delete('/companies/:company_id{[0-9]{1,9}}', ...requirePermission('company_delete'), removeUnlessInUse('admin.companyInUse', (c) => organisation.deleteCompany(serviceContext(c), idParam(c, 'company_id'))));

  // Letterhead images: the logo and the company chop (an image of at most 5 MB).
  for (const kind of ['logo', 'chop'] as const) {
    routes.put(`/companies/:company_id{[0-9]{1,9}}/${kind}`, closeWhenUnread, companies.saved, ...requirePermission('company_edit'), async (c) => {
      // The company first: an image for one that does not exist is refused unread.
      if (!(await repo.letterheadFiles(c.var.deps.db, idParam(c, 'company_id')))) return errorReply(c, 404, 'errors.notFound');
      const bytes = await readUpload(c);
      if (bytes.isErr()) return bytes.error;
      const saved = await organisation.setLetterhead(serviceContext(c), idParam(c, 'company_id'), kind, bytes.value);
      return saved.isErr() ? failureReply(c, saved.error) : companies.saved.send(c, { company: saved.value });
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
  routes.get('/branches', branches.list, ...requirePermission('branch_view'), async (c) => branches.list.send(c, await repo.branches(c.var.deps.db)));
  routes.get('/branches/create', branches.newForm, ...requirePermission('branch_create'), async (c) => branches.newForm.send(c, { options: { companies: await repo.companyOptions(c.var.deps.db) } }));
  routes.post('/branches', branches.created, ...requirePermission('branch_create'), save(BranchInput, (c, input) => organisation.createBranch(serviceContext(c), input), branches.created, (branch) => ({ branch })));
  const branchPage = shown((c) => repo.branch(c.var.deps.db, idParam(c, 'branch_id')), branches.page, async (branch, c) => ({ branch, options: { companies: await repo.companyOptions(c.var.deps.db) } }));
  routes.get('/branches/:branch_id{[0-9]{1,9}}', branches.page, ...requirePermission('branch_view'), branchPage);
  routes.put(
    '/branches/:branch_id{[0-9]{1,9}}',
    branches.saved,
    ...requirePermission('branch_edit'),
    save(UpdateBranch, (c, input) => organisation.updateBranch(serviceContext(c), idParam(c, 'branch_id'), input), branches.saved, (branch) => ({ branch })),
  );
  routes.delete('/branches/:branch_id{[0-9]{1,9}}', ...requirePermission('branch_delete'), removeUnlessInUse('admin.branchInUse', (c) => organisation.deleteBranch(serviceContext(c), idParam(c, 'branch_id'))));

  return routes;
}
