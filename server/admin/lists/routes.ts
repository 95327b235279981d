import { Hono } from 'hono';
import { AreaList, AreaReply, HolidayList, HolidayReply, OptionList, OptionReply, OrderTermList, OrderTermReply } from '../../../contract/lists';
import { isOptionKey, OPTION_KEYS, type OptionKey } from '../../../domain/settings/options';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { idParam } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { replies } from '../../http/reply';
import { removeUnlessInUse, savedReplies, writes } from '../../http/handlers';
import { serviceContext } from '../../service/context';
import type { Failure } from '../../service/failure';
import { AreaInput, HolidayInput, HolidayQuery, OptionInput, TermInput, UpdateArea, UpdateHoliday, UpdateOption, UpdateTerm } from './input';
import * as repo from './repository';
import * as lists from './service';

const { save } = writes((c, failure: Failure) => failureReply(c, failure));

/** Settings: order terms, keyed options, areas, holidays (HTTP only; the rules are in ./service). */
export function listRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const view = requirePermission('setting_view');
  const create = requirePermission('setting_create');
  const edit = requirePermission('setting_edit');
  const remove = requirePermission('setting_delete');
  const terms = { list: replies(OrderTermList), ...savedReplies(OrderTermReply) };
  const options = { list: replies(OptionList), ...savedReplies(OptionReply) };
  const areas = { list: replies(AreaList), ...savedReplies(AreaReply) };
  const holidays = { list: replies(HolidayList), ...savedReplies(HolidayReply) };

  // Order terms
  routes.get('/order-terms', terms.list, ...view, async (c) => terms.list.send(c, await repo.terms(c.var.deps.db)));
  routes.post('/order-terms', terms.created, ...create, save(TermInput, (c, v) => lists.createTerm(serviceContext(c), v), terms.created, (term) => ({ term })));
  routes.put('/order-terms/:id{[0-9]{1,9}}', terms.saved, ...edit, save(UpdateTerm, (c, v) => lists.updateTerm(serviceContext(c), idParam(c), v), terms.saved, (term) => ({ term })));
  routes.delete('/order-terms/:id{[0-9]{1,9}}', ...remove, removeUnlessInUse('admin.inUse', (c) => lists.deleteTerm(serviceContext(c), idParam(c))));

  // Options, by key (an unknown list's key is 404)
  routes.get('/options/:key', options.list, ...view, async (c) => {
    const key = c.req.param('key');
    if (!isOptionKey(key)) return errorReply(c, 404, 'errors.notFound');
    return options.list.send(c, { key, keys: [...OPTION_KEYS], items: await repo.optionsOf(c.var.deps.db, key) });
  });
  const createOption = save(OptionInput, (c, v) => lists.createOption(serviceContext(c), c.req.param('key') as OptionKey, v), options.created, (option) => ({ option }));
  routes.post('/options/:key', options.created, ...create, async (c) => (isOptionKey(c.req.param('key')) ? createOption(c) : errorReply(c, 404, 'errors.notFound')));
  routes.put('/options/:key/:id{[0-9]{1,9}}', options.saved, ...edit, save(UpdateOption, (c, v) => lists.updateOption(serviceContext(c), c.req.param('key')!, idParam(c), v), options.saved, (option) => ({ option })));
  routes.delete('/options/:key/:id{[0-9]{1,9}}', ...remove, removeUnlessInUse('admin.optionInUse', (c) => lists.deleteOption(serviceContext(c), c.req.param('key')!, idParam(c))));

  // Areas: every one in display order (an array: the screen receives it as items)
  routes.get('/areas', areas.list, ...view, async (c) => areas.list.send(c, await repo.areas(c.var.deps.db)));
  routes.post('/areas', areas.created, ...create, save(AreaInput, (c, v) => lists.createArea(serviceContext(c), v), areas.created, (area) => ({ area })));
  routes.put('/areas/:id{[0-9]{1,9}}', areas.saved, ...edit, save(UpdateArea, (c, v) => lists.updateArea(serviceContext(c), idParam(c), v), areas.saved, (area) => ({ area })));
  routes.delete('/areas/:id{[0-9]{1,9}}', ...remove, removeUnlessInUse('admin.areaInUse', (c) => lists.deleteArea(serviceContext(c), idParam(c))));

  // Holidays, by year
  routes.get('/holidays', holidays.list, ...view, async (c) => {
    const query = parseQuery(c, HolidayQuery);
    if (query.isErr()) return query.error;
    return holidays.list.send(c, await repo.holidaysOf(c.var.deps.db, query.value.year));
  });
  routes.post('/holidays', holidays.created, ...create, save(HolidayInput, (c, v) => lists.createHoliday(serviceContext(c), v), holidays.created, (holiday) => ({ holiday })));
  routes.put('/holidays/:id{[0-9]{1,9}}', holidays.saved, ...edit, save(UpdateHoliday, (c, v) => lists.updateHoliday(serviceContext(c), idParam(c), v), holidays.saved, (holiday) => ({ holiday })));
  routes.delete('/holidays/:id{[0-9]{1,9}}', ...remove, removeUnlessInUse('admin.inUse', (c) => lists.deleteHoliday(serviceContext(c), idParam(c))));

  return routes;
}
