import { Hono } from 'hono';
import { ClientList, ClientPage, ClientReply, HkidReply, NewClientPage } from '../../contract/clients';
import type { AppEnv } from '../http/env';
import { failureReplies } from '../http/failure';
import { requirePermission } from '../http/permissions';
import { parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { screenReplies, writes } from '../http/handlers';
import { CreateClient, DetailQuery, ListQuery, UpdateClient } from './input';
import { clientList, clientPage, createClient, deleteClient, newClientForm, revealHkid, updateClient, type ClientFailure } from './service';

const replyFailure = failureReplies<ClientFailure>({ clientHasRecords: [422, 'clients.hasRecords'] });
const { save, remove } = writes(replyFailure);

/** Clients: the list, the new-client form, the client's screen with its tabs, create, edit, delete, and the HKID's reveal. */
export function clientRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { list, newForm, created, page, saved } = screenReplies({ list: ClientList, newForm: NewClientPage, page: ClientPage, saved: ClientReply });
  const revealed = replies(HkidReply);

  routes.get('/clients', list, ...requirePermission('client_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, tag, area_id, branch_id, source, sort, page, per_page } = query.value;
    return list.send(c, await clientList(c, { q, tag, areaId: area_id, branchId: branch_id, source, sort, page, perPage: per_page }));
  });

  routes.get('/clients/create', newForm, ...requirePermission('client_create'), async (c) => newForm.send(c, await newClientForm(c)));

  routes.post('/clients', created, ...requirePermission('client_create'), save(CreateClient, createClient, created, (client) => ({ client })));

  routes.get('/clients/:id{[0-9]{1,9}}', page, ...requirePermission('client_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    const { tab, from, to } = query.value;
    const result = await clientPage(c, Number(c.req.param('id')), tab, { from, to });
    return result.match(
      (body) => page.send(c, body),
      (failure) => replyFailure(c, failure),
    );
  });

  routes.put('/clients/:id{[0-9]{1,9}}', saved, ...requirePermission('client_edit'), save(UpdateClient, (c, input) => updateClient(c, Number(c.req.param('id')), input), saved, (client) => ({ client })));

  routes.delete('/clients/:id{[0-9]{1,9}}', ...requirePermission('client_delete'), remove((c) => deleteClient(c, Number(c.req.param('id')))));

  /** The full HKID, for a user with hkid_reveal; every reveal is written to the audit log. */
  routes.post('/clients/:id{[0-9]{1,9}}/hkid/reveal', revealed, ...requirePermission('hkid_reveal'), async (c) => {
    const result = await revealHkid(c, Number(c.req.param('id')));
    return result.match(
      (hkid) => revealed.send(c, { hkid }),
      (failure) => replyFailure(c, failure),
    );
  });

  return routes;
}
