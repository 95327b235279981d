import { Hono } from 'hono';
import * as z from 'zod';
import { DocumentSendReply, DocumentSends, MailSettingsReply, MailTestReply, SEND_DOCUMENT_TYPES, TLS_MODES } from '../../contract/mail';
import type { Permission } from '../../domain/auth/permissions';
import { MAX_SENDS_PER_HOUR } from '../../domain/mail/mail';
import type { AppEnv } from '../http/env';
import { idParam, versionField } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { serviceContext } from '../service/context';
import { mailFailureReply } from './replies';
import { documentSends, mailSettings, saveMailSettings, sendDocument, sendTestMail } from './service';

const email = z.string().trim().min(1).max(254).pipe(z.email());

const MailSettingsBody = z.object({
  host: z.string().trim().max(255),
  port: z.number().int().min(1).max(65_535),
  tlsMode: z.enum(TLS_MODES),
  username: z.string().trim().max(255),
  password: z.string().max(1_000).optional(),
  clearPassword: z.boolean().optional(),
  fromName: z.string().trim().max(200),
  fromAddress: z.union([z.literal(''), email]),
  siteUrl: z.string().max(255).optional(),
  sendsPerHour: z.number().int().min(1).max(MAX_SENDS_PER_HOUR).optional(),
  version: versionField,
});

const MailTestBody = z.object({ to: email });

const SendBody = z.object({
  to: email,
  language: z.enum(['zh-HK', 'en', 'both']),
  message: z.string().max(5_000).default(''),
});

const failureReply = mailFailureReply;

/** Which permission sees and sends each kind of document, and its address. */
const DOCUMENTS = {
  quotation: { path: '/quotations', view: 'quotation_view', send: 'quotation_edit' },
  invoice: { path: '/orders', view: 'order_view', send: 'order_edit' },
} as const satisfies Record<(typeof SEND_DOCUMENT_TYPES)[number], { path: string; view: Permission; send: Permission }>;

/** Settings → E-mail (setting_view / setting_edit) and "Send by e-mail" on quotations and invoices (HTTP only). */
export function mailRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const settings = replies(MailSettingsReply);
  const tested = replies(MailTestReply);
  const listed = replies(DocumentSends);
  const queued = replies(DocumentSendReply, 202);

  routes.get('/settings/mail', settings, ...requirePermission('setting_view'), async (c) => settings.send(c, { settings: await mailSettings(c.var.deps) }));
  routes.put('/settings/mail', settings, ...requirePermission('setting_edit'), async (c) => {
    const input = await parseJsonBody(c, MailSettingsBody);
    if (input.isErr()) return input.error;
    const saved = await saveMailSettings(serviceContext(c), input.value);
    return saved.isErr() ? failureReply(c, saved.error) : settings.send(c, { settings: saved.value });
  });
  routes.post('/settings/mail/test', tested, ...requirePermission('setting_edit', 'update'), async (c) => {
    const input = await parseJsonBody(c, MailTestBody);
    if (input.isErr()) return input.error;
    const sent = await sendTestMail(serviceContext(c), input.value.to);
    return sent.isErr() ? failureReply(c, sent.error) : tested.send(c, {});
  });

  for (const type of SEND_DOCUMENT_TYPES) {
    const { path, view, send } = DOCUMENTS[type];
    routes.get(`${path}/:id{[0-9]{1,9}}/emails`, listed, ...requirePermission(view), async (c) => {
      const sends = await documentSends(c.var.deps, type, idParam(c));
      return sends.isErr() ? failureReply(c, sends.error) : listed.send(c, sends.value);
    });
    routes.post(`${path}/:id{[0-9]{1,9}}/emails`, queued, ...requirePermission(send, 'update'), async (c) => {
      const input = await parseJsonBody(c, SendBody);
      if (input.isErr()) return input.error;
      const sent = await sendDocument(serviceContext(c), type, idParam(c), input.value);
      return sent.isErr() ? failureReply(c, sent.error) : queued.send(c, { send: sent.value });
    });
  }
  return routes;
}
