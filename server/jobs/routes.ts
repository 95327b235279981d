import { Hono } from 'hono';
import * as z from 'zod';
import { JOB_STATUSES, JobList, JobReply } from '../../contract/jobs';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { failureReply } from '../http/failure';
import { idParam } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { serviceContext } from '../service/context';
import { listJobs, retryJob } from './service';

const JobQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** Settings → Background jobs (HTTP only): the list (setting_view) and the retry of a failed job (setting_edit). */
export function jobRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const list = replies(JobList);
  const retried = replies(JobReply);
  routes.get('/jobs', list, ...requirePermission('setting_view'), async (c) => {
    const query = parseQuery(c, JobQuery);
    if (query.isErr()) return query.error;
    return list.send(c, await listJobs(c.var.deps, { status: query.value.status, page: query.value.page, perPage: query.value.per_page }));
  });
  routes.post('/jobs/:job_id{[0-9]{1,9}}/retry', retried, ...requirePermission('setting_edit', 'update'), async (c) => {
    const job = await retryJob(serviceContext(c), idParam(c, 'job_id'));
    return job.isErr() ? failureReply(c, job.error) : retried.send(c, { job: job.value });
  });
  return routes;
}
