import type { ServerDeps } from '../http/env';
import { xmlText } from '../reports/xlsxStream';
import { letterheadCompany } from '../sales/documents/repository';
import type { Db } from '../service/context';
import type { MailAttachment, MailMessage } from './mailer';
import { buttonFallback, type MailLanguage } from './texts';

/**
 * The e-mails that go to customers (a document, a statement, a reminder), as a customer's mail
 * program shows them: HTML with a plain-text alternative of the same words, the company's name and
 * logo at the top (the logo inline, by Content-ID, so no image is fetched from anywhere), the
 * message, and a button to each customer link (its address written out under it too).
 */

/** The company an e-mail comes from: its name in the e-mail's language, and its logo when it has one. */
export interface MailSender {
  readonly name: string;
  readonly logo: MailAttachment | null;
}

/** The Content-ID of the logo in the HTML part. */
export const LOGO_ID = 'logo@backoffice';

/** The company's name as the e-mail's language reads it: Chinese, English, or both (each once). */
function companyName(language: MailLanguage, names: { name_en: string; name_zh: string }): string {
  const zh = names.name_zh || names.name_en;
  const en = names.name_en || names.name_zh;
  if (language === 'zh-HK') return zh;
  if (language === 'en') return en;
  return zh === en ? zh : `${zh} ${en}`;
}

/** The company of a branch (a document's, a client's; the first company without one), as its e-mails show it. */
export async function senderOf(deps: { readonly db: Db; readonly files: ServerDeps['files'] }, branchId: number | null, language: MailLanguage): Promise<MailSender> {
  const found = await letterheadCompany(deps.db, branchId);
  if (!found) return { name: '', logo: null };
  const { company } = found;
  const bytes = company.logo_key && company.logo_type ? await deps.files.get(company.logo_key) : null;
  const extension = company.logo_type?.split('/')[1] ?? 'png';
  return {
    name: companyName(language, company),
    logo: bytes && company.logo_type ? { fileName: `logo.${extension}`, contentType: company.logo_type, bytes, inlineId: LOGO_ID } : null,
  };
}

/** A button to a customer link: its words, and the line the plain text says it with ("View it online: …"). */
export interface MailButton {
  readonly label: string;
  readonly url: string;
}

export interface CustomerMailInput {
  readonly language: MailLanguage;
  readonly sender: MailSender;
  /** The plain-text e-mail as it reads without HTML (the message, the links written out, the attachment's name). */
  readonly text: string;
  /** The message of the HTML part: paragraphs split by blank lines (the links go in buttons instead). */
  readonly message: string;
  readonly buttons: readonly MailButton[];
  /** Lines after the buttons (the attachment's name …). */
  readonly notes?: readonly string[];
}

const paragraphs = (text: string): string =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p style="margin:0 0 16px">${xmlText(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** Only the site's own http(s) addresses become buttons. */
const href = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('A button leads to an http(s) address only.');
  return xmlText(parsed.href);
};

const MUTED = 'font-size:13px;line-height:1.5;color:#52606d';

/** The parts of a customer's e-mail: the plain text, the HTML alternative, and the logo to attach inline. */
export function customerMail(input: CustomerMailInput): Pick<MailMessage, 'text' | 'html'> & { readonly attachments: readonly MailAttachment[] } {
  const { sender, language } = input;
  const name = xmlText(sender.name);
  const logo = sender.logo ? `<img src="cid:${LOGO_ID}" alt="${name}" style="display:block;max-height:64px;max-width:220px;margin:0 0 8px;border:0">` : '';
  const buttons = input.buttons
    .map(
      (button) =>
        `<p style="margin:0 0 8px"><a href="${href(button.url)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${xmlText(button.label)}</a></p>` +
        `<p style="margin:0 0 16px;${MUTED}">${xmlText(buttonFallback(language))}<br><a href="${href(button.url)}" style="color:#0b5cab;word-break:break-all">${xmlText(button.url)}</a></p>`,
    )
    .join('\n');
  const notes = (input.notes ?? []).map((note) => `<p style="margin:0 0 8px;${MUTED}">${xmlText(note)}</p>`).join('\n');
  const html = `<!DOCTYPE html>
<html lang="${language === 'en' ? 'en' : 'zh-HK'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;font-family:'Noto Sans HK','Microsoft JhengHei',Arial,sans-serif;font-size:16px;line-height:1.6;color:#1f2933">
<div style="padding:0 0 16px;margin:0 0 16px;border-bottom:1px solid #d9dee3">${logo}<div style="font-size:18px;font-weight:bold">${name}</div></div>
${paragraphs(input.message)}
${buttons}
${notes}
<div style="margin:24px 0 0;padding:12px 0 0;border-top:1px solid #d9dee3;${MUTED}">${name}</div>
</div>
</body>
</html>
`;
  const signature = sender.name ? `\n—\n${sender.name}\n` : '';
  return { text: `${input.text.replace(/\n+$/, '')}\n${signature}`, html, attachments: sender.logo ? [sender.logo] : [] };
}
