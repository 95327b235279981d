import { Hono } from 'hono';
import { AreaList, AreaReply, HolidayList, HolidayReply, OptionList, OptionReply, OrderTermList, OrderTermReply } from '../../../contract/lists';
import type { Result } from 'neverthrow';
import { isOptionKey, OPTION_KEYS } from '../../../domain/settings/options';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { idParam } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { replies } from '../../http/reply';
import { parseJsonBody } from '../../http/validate';
import type { ServerMessageKey } from '../../i18n';
import { serviceContext } from '../../service/context';
import type { DeleteFailure } from '../../service/records';
import { AreaInput, HolidayInput, HolidayQuery, OptionInput, TermInput, UpdateArea, UpdateHoliday, UpdateOption, UpdateTerm } from './input';
import * as repo from './repository';
import * as lists from './service';

/** The reply of a delete: 204, or its failure (`inUse` with the list's own message). */
export const deleted = (c: AppContext, inUse: ServerMessageKey, result: Result<unknown, DeleteFailure>): Response =>
  result.match(
    () => c.body(null, 204),
    (failure) => failureReply(c, failure, { inUse: [422, inUse] }),
  );

/** Settings: order terms, keyed options, areas, holidays (HTTP only; the rules are in ./service). */
export function listRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const view = requirePermission('setting_view');
  const create = requirePermission('setting_create');
  const edit = requirePermission('setting_edit');
  const remove = requirePermission('setting_delete');
  const termList = replies(OrderTermList);
  const termCreated = replies(OrderTermReply, 201);
  const termSaved = replies(OrderTermReply);
  const optionList = replies(OptionList);
  const optionCreated = replies(OptionReply, 201);
  const optionSaved = replies(OptionReply);
  const areaList = replies(AreaList);
  const areaCreated = replies(AreaReply, 201);
  const areaSaved = replies(AreaReply);
  const holidayList = replies(HolidayList);
  const holidayCreated = replies(HolidayReply, 201);
  const holidaySaved = replies(HolidayReply);

  // Order terms
  routes.get('/order-terms', termList, ...view, async (c) => termList.send(c, await repo.terms(c.var.deps.db)));
  routes.post('/order-terms', termCreated, ...create, async (c) => {
    const body = await parseJsonBody(c, TermInput);
    if (body.isErr()) return body.error;
    const saved = await lists.createTerm(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : termCreated.send(c, { term: saved.value });
  });
  routes.put('/order-terms/:id{[0-9]{1,9}}', termSaved, ...edit, async (c) => {
    const body = await parseJsonBody(c, UpdateTerm);
    if (body.isErr()) return body.error;
    const saved = await lists.updateTerm(serviceContext(c), idParam(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : termSaved.send(c, { term: saved.value });
  });
  routes.delete('/order-terms/:id{[0-9]{1,9}}', ...remove, async (c) => deleted(c, 'admin.inUse', await lists.deleteTerm(serviceContext(c), idParam(c))));

  // Options, by key
  routes.get('/options/:key', optionList, ...view, async (c) => {
    const key = c.req.param('key');
    if (!isOptionKey(key)) return errorReply(c, 404, 'errors.notFound');
    return optionList.send(c, { key, keys: [...OPTION_KEYS], items: await repo.optionsOf(c.var.deps.db, key) });
  });
  routes.post('/options/:key', optionCreated, ...create, async (c) => {
    const key = c.req.param('key');
    if (!isOptionKey(key)) return errorReply(c, 404, 'errors.notFound');
    const body = await parseJsonBody(c, OptionInput);
    if (body.isErr()) return body.error;
    const saved = await lists.createOption(serviceContext(c), key, body.value);
    return saved.isErr() ? failureReply(c, saved.error) : optionCreated.send(c, { option: saved.value });
  });
  routes.put('/options/:key/:id{[0-9]{1,9}}', optionSaved, ...edit, async (c) => {
    const body = await parseJsonBody(c, UpdateOption);
    if (body.isErr()) return body.error;
    const saved = await lists.updateOption(serviceContext(c), c.req.param('key'), idParam(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : optionSaved.send(c, { option: saved.value });
  });
  routes.delete('/options/:key/:id{[0-9]{1,9}}', ...remove, async (c) => deleted(c, 'admin.optionInUse', await lists.deleteOption(serviceContext(c), c.req.param('key'), idParam(c))));

  // Areas: every one in display order (an array: the screen receives it as items)
  routes.get('/areas', areaList, ...view, async (c) => areaList.send(c, await repo.areas(c.var.deps.db)));
  routes.post('/areas', areaCreated, ...create, async (c) => {
    const body = await parseJsonBody(c, AreaInput);
    if (body.isErr()) return body.error;
    const saved = await lists.createArea(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : areaCreated.send(c, { area: saved.value });
  });
  routes.put('/areas/:id{[0-9]{1,9}}', areaSaved, ...edit, async (c) => {
    const body = await parseJsonBody(c, UpdateArea);
    if (body.isErr()) return body.error;
    const saved = await lists.updateArea(serviceContext(c), idParam(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : areaSaved.send(c, { area: saved.value });
  });
  routes.delete('/areas/:id{[0-9]{1,9}}', ...remove, async (c) => deleted(c, 'admin.areaInUse', await lists.deleteArea(serviceContext(c), idParam(c))));

  // Holidays, by year
  routes.get('/holidays', holidayList, ...view, async (c) => {
    const query = parseQuery(c, HolidayQuery);
    if (query.isErr()) return query.error;
    return holidayList.send(c, await repo.holidaysOf(c.var.deps.db, query.value.year));
  });
  routes.post('/holidays', holidayCreated, ...create, async (c) => {
    const body = await parseJsonBody(c, HolidayInput);
    if (body.isErr()) return body.error;
    const saved = await lists.createHoliday(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : holidayCreated.send(c, { holiday: saved.value });
  });
  routes.put('/holidays/:id{[0-9]{1,9}}', holidaySaved, ...edit, async (c) => {
    const body = await parseJsonBody(c, UpdateHoliday);
    if (body.isErr()) return body.error;
    const saved = await lists.updateHoliday(serviceContext(c), idParam(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : holidaySaved.send(c, { holiday: saved.value });
  });
  routes.delete('/holidays/:id{[0-9]{1,9}}', ...remove, async (c) => deleted(c, 'admin.inUse', await lists.deleteHoliday(serviceContext(c), idParam(c))));

  return routes;
}
