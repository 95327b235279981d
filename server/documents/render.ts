import { cellText, documentMoney, documentRate, letterheadContacts, printedLanguages, type DocumentLanguage, type PrintableDocument, type PrintLanguage, type Translate } from '../../domain/documents/printable';
import { hundredthsToDecimal } from '../../domain/money/money';
import { dateText, dateTimeText } from '../../domain/time/format';
import { unitAfterQuantity } from '../../domain/products/units';
import { serviceReportSheet, type ServiceReportRecord } from '../../domain/documents/serviceReport';
import type { DocumentFonts } from './fonts';
import { Sheet } from './sheet';
import { printWordsOf, wordsOf } from './words';

/**
 * A quotation, invoice, receipt, refund or statement of account as a PDF: the same model (domain/documents/printable.ts)
 * and the same words as the print view (DocumentSheet), laid out on A4. In both languages each
 * label reads "中文 English", Chinese first, as on the print view.
 */

/** The stored pictures a document prints: the company's logo and chop, an invoice's FPS QR code (PNG or JPEG bytes). */
export interface DocumentPictures {
  readonly logo: Uint8Array | null;
  readonly chop: Uint8Array | null;
  readonly qr: Uint8Array | null;
}

/** The bytes of a data: address (a drawn signature), or null when it is not one. */
function dataUrlBytes(address: string): Uint8Array | null {
  const match = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(address);
  if (!match) return null;
  const binary = atob(match[1]!);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The same text in each printed language, each once, side by side. */
const joined = (values: readonly string[]): string => values.filter((v, i) => v !== '' && values.indexOf(v) === i).join(' ');

export async function renderPrintable(doc: PrintableDocument, language: PrintLanguage, pictures: DocumentPictures, fonts: DocumentFonts): Promise<Uint8Array> {
  const languages = printedLanguages(language);
  const ts: Translate[] = languages.map((l) => printWordsOf(l));
  const units: Translate[] = languages.map((l) => wordsOf(l, 'products'));
  const docs = languages.map((l) => wordsOf(l, 'documents'));
  const L = (key: string) => joined(ts.map((t) => t(`print.${key}`)));
  const inEach = (pick: (l: DocumentLanguage) => string) => joined(languages.map(pick));
  const title = L(`title.${doc.kind}`);
  const sheet = new Sheet(fonts, { title: `${title} ${doc.number}`, language: languages[0] === 'en' ? 'en-HK' : 'zh-HK' });

  // The letterhead: the logo, the company's names and addresses, how to reach it.
  const head = doc.letterhead;
  if (head) {
    const logoDrawn = sheet.picture(pictures.logo, sheet.left, sheet.y, { width: 70, height: 60 });
    const x = logoDrawn ? sheet.left + 82 : sheet.left;
    const width = sheet.right - x;
    let y = sheet.y;
    y += sheet.textAt(inEach((l) => (l === 'en' ? head.nameEn : head.nameZh)), x, y, width, { size: 14, bold: true });
    y += sheet.textAt(inEach((l) => (l === 'en' ? head.addressEn : head.addressZh)), x, y + 2, width, { size: 9 }) + 2;
    y += sheet.textAt(letterheadContacts(head), x, y, width, { size: 9, color: '#444444' });
    sheet.y = Math.max(y, logoDrawn ? sheet.y + 62 : y) + 8;
    sheet.rule('#333333');
  }

  sheet.y += 4;
  sheet.paragraph(doc.voided ? `${title}  —  ${L('void')}` : title, { size: 17, bold: true, align: 'center', color: doc.voided ? '#b00020' : '#111111', gap: 10 });

  // The client on the left; the number, date and the kind's facts on the right.
  const half = sheet.width / 2 - 10;
  const top = sheet.y;
  const client = doc.client;
  const clientLines = client ? [client.nameZh, client.nameEn, client.address, client.contact ? [client.contact.name, ...client.contact.phones].join(' ') : ''].filter((s) => s !== '').join('\n') : '';
  const leftEnd = sheet.facts([[L('client'), clientLines]], sheet.left, top, half, 70);
  const facts: [string, string][] = [
    [L('number'), doc.number],
    [L('date'), inEach((l) => dateText(doc.date, l))],
    ...doc.facts.map((fact): [string, string] => [L(fact.label), joined(ts.map((t, i) => fact.value(t, languages[i] ?? 'zh-HK')))]),
  ];
  const rightEnd = sheet.facts(facts, sheet.left + half + 20, top, half, 90);
  sheet.y = Math.max(leftEnd, rightEnd) + 8;

  if (doc.items) {
    const unitWords = (unit: string | null) => (unit ? units.map((t) => t(`unit.${unit}`)).join(' / ') : '');
    // After a quantity the unit is counted: "1 visit", "12 visits" (Chinese has one word).
    const counted = (unit: string | null, quantity: number) => (unit ? units.map((t, i) => unitAfterQuantity(unit, quantity, languages[i] ?? 'zh-HK', t)).join(' / ') : '');
    const rows = doc.items.map((item) => {
      const wanted = languages.map((l) => (l === 'en' ? item.descriptionEn : item.descriptionZh)).filter((d) => d !== '');
      const description = wanted.length > 0 ? wanted.join('\n') : item.descriptionZh || item.descriptionEn;
      const unit = unitWords(item.unit);
      const quantityUnit = counted(item.unit, item.quantity);
      return [description, `${hundredthsToDecimal(item.quantity)}${quantityUnit ? ` ${quantityUnit}` : ''}`, `${documentMoney(item.unitPrice)}${unit ? ` / ${unit}` : ''}`, documentMoney(item.lineTotal)];
    });
    sheet.table(
      [
        { heading: L('description'), width: sheet.width - 270 },
        { heading: L('quantity'), width: 75, align: 'right' },
        { heading: L('unitPrice'), width: 105, align: 'right' },
        { heading: L('amount'), width: 90, align: 'right' },
      ],
      rows,
    );
  }

  const totals = (rows: readonly (readonly [string, string, boolean?])[]) => {
    const width = 260;
    const x = sheet.right - width;
    for (const [label, value, strong] of rows) {
      const height = Math.max(sheet.heightOf(label, width - 100, 10, strong), 12);
      sheet.room(height + 2);
      sheet.textAt(label, x, sheet.y, width - 100, { size: strong ? 11 : 10, bold: strong ?? false });
      sheet.textAt(value, x + width - 100, sheet.y, 100, { size: strong ? 11 : 10, bold: strong ?? false, align: 'right' });
      sheet.y += height + 3;
    }
    sheet.y += 6;
  };
  if (doc.figures) {
    const f = doc.figures;
    totals([
      [L('subtotal'), documentMoney(f.subtotal)],
      ...(f.discount > 0 ? [[`${L('discount')} (${documentRate(f.discountRateBp)})`, `−${documentMoney(f.discount)}`] as const] : []),
      [L('total'), documentMoney(f.total), true],
      ...(f.paid !== undefined
        ? [
            [L('paid'), documentMoney(f.paid)] as const,
            [L('outstanding'), documentMoney(f.outstanding ?? 0), true] as const,
          ]
        : []),
    ]);
  }
  if (doc.amount !== undefined) totals([[L(doc.kind === 'refund' ? 'refunded' : 'received'), documentMoney(doc.amount), true]]);
  if (doc.balances) totals(doc.balances.map((b) => [L(b.label), documentMoney(b.amount), b.strong ?? false] as const));

  // A statement's tables: its entries with the running balance, the ageing, the invoices owed.
  for (const table of doc.tables ?? []) {
    sheet.paragraph(L(table.title), { size: 10.5, bold: true });
    if (table.rows.length === 0 && table.empty) {
      sheet.paragraph(L(table.empty), { gap: 8 });
      continue;
    }
    const rightColumns = table.columns.filter((c) => c.align === 'right').length;
    const leftColumns = table.columns.length - rightColumns;
    const rightWidth = Math.min(80, sheet.width / table.columns.length);
    const leftWidth = leftColumns > 0 ? (sheet.width - rightColumns * rightWidth) / leftColumns : 0;
    sheet.table(
      table.columns.map((c) => ({ heading: L(c.label), width: c.align === 'right' ? (leftColumns > 0 ? rightWidth : sheet.width / table.columns.length) : leftWidth, align: c.align ?? 'left' })),
      table.rows.map((row) => row.map((cell) => joined(ts.map((t, i) => cellText(cell, t, languages[i] ?? 'zh-HK'))))),
    );
  }

  // How to pay: the FPS QR code with the identifier, and the bank account.
  if (doc.payment) {
    const payment = doc.payment;
    const bank: [string, string][] = (
      [
        ['bankName', payment.bankName],
        ['accountName', payment.accountName],
        ['accountNumber', payment.accountNumber],
      ] as const
    )
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [L(key), value]);
    sheet.room(130);
    sheet.textAt(L('payment'), sheet.left, sheet.y, sheet.width, { size: 10.5, bold: true });
    sheet.y += 16;
    const top = sheet.y;
    let x = sheet.left;
    let end = top;
    if (payment.fps) {
      if (sheet.picture(pictures.qr, sheet.left, top, { width: 110, height: 110 })) {
        x = sheet.left + 122;
        end = top + 112;
      }
      const titleHeight = sheet.textAt(L('payByFps'), x, top, 190, { size: 10, bold: true });
      end = Math.max(end, sheet.facts([[L(`fpsTypes.${payment.fps.type}`), payment.fps.value]], x, top + titleHeight + 4, 190, 70));
      x += 200;
    }
    if (bank.length > 0) end = Math.max(end, sheet.facts(bank, x, top, sheet.right - x, language === 'both' ? 100 : 75));
    sheet.y = end + 10;
  }

  if (doc.notes) sheet.paragraph(doc.notes, { gap: 10 });

  if (doc.terms.length > 0) {
    sheet.paragraph(L('terms'), { size: 10.5, bold: true });
    doc.terms.forEach((term, index) => {
      for (const l of languages) {
        const [titleText, body] = l === 'en' ? [term.titleEn, term.bodyEn] : [term.titleZh, term.bodyZh];
        sheet.paragraph(`${index + 1}. ${titleText}  ${body}`, { size: 9 });
      }
    });
    sheet.y += 6;
  }

  // Room for the client's signature and the company's chop (none on a statement).
  if (doc.signed === false) return sheet.finish((page, pages) => `${doc.number} · ${joined(docs.map((t) => t('page').replace('{{page}}', String(page)).replace('{{pages}}', String(pages))))}`);
  sheet.room(110);
  const boxWidth = sheet.width / 2 - 20;
  const signTop = sheet.y + 10;
  const lineY = signTop + 70;
  // A quotation accepted through its customer link: the drawn signature, the name and when.
  const signed = doc.acceptance?.signature ? sheet.picture(dataUrlBytes(doc.acceptance.signature), sheet.left, signTop, { width: boxWidth, height: 66 }) : false;
  if (!signed) sheet.doc.moveTo(sheet.left, lineY).lineTo(sheet.left + boxWidth, lineY).lineWidth(0.6).strokeColor('#333333').stroke();
  const signedHeight = sheet.textAt(L(doc.kind === 'quotation' ? 'acceptedBy' : 'clientSignature'), sheet.left, lineY + 4, boxWidth, { size: 9 });
  const acceptance = doc.acceptance;
  if (acceptance) sheet.textAt(`${acceptance.name} · ${inEach((l) => dateTimeText(acceptance.at, l))}`, sheet.left, lineY + 6 + signedHeight, boxWidth, { size: 9 });
  const chopX = sheet.right - boxWidth;
  if (!sheet.picture(pictures.chop, chopX, signTop, { width: boxWidth, height: 66 })) {
    sheet.doc.moveTo(chopX, lineY).lineTo(sheet.right, lineY).lineWidth(0.6).strokeColor('#333333').stroke();
  }
  sheet.textAt(`${L('forCompany')} ${head ? languages.map((l) => (l === 'en' ? head.nameEn : head.nameZh)).join(' ') : ''}`, chopX, lineY + 4, boxWidth, { size: 9 });
  sheet.y = lineY + 44;

  return sheet.finish((page, pages) => `${doc.number} · ${joined(docs.map((t) => t('page').replace('{{page}}', String(page)).replace('{{pages}}', String(pages))))}`);
}

/** A photo of the report, as the PDF draws it (PNG or JPEG bytes; other kinds are named, not drawn). */
export interface ReportPhoto {
  readonly name: string;
  readonly bytes: Uint8Array | null;
}

/** What a service report draws besides its words: the company's logo, the photos, the drawn signatures (PNG). */
export interface ReportPictures {
  readonly logo: Uint8Array | null;
  readonly photos: readonly ReportPhoto[];
  readonly signatures: { readonly client: Uint8Array | null; readonly worker: Uint8Array | null };
}

/** A visit's completed service report: the same rows, labels and order as its print view (PrintableReport). */
export async function renderServiceReport(record: ServiceReportRecord, language: PrintLanguage, pictures: ReportPictures, fonts: DocumentFonts): Promise<Uint8Array> {
  const languages = printedLanguages(language);
  const both = <T>(make: (l: DocumentLanguage) => T): Record<DocumentLanguage, T> => ({ 'zh-HK': make('zh-HK'), en: make('en') });
  const r = serviceReportSheet(record, language, { calendar: both((l) => wordsOf(l, 'calendar')), products: both((l) => wordsOf(l, 'products')), field: both((l) => wordsOf(l, 'field')) });
  const docs = languages.map((l) => wordsOf(l, 'documents'));
  const sheet = new Sheet(fonts, { title: r.heading, language: languages[0] === 'en' ? 'en-HK' : 'zh-HK' });

  if (r.company) {
    const logoDrawn = sheet.picture(pictures.logo, sheet.left, sheet.y, { width: 70, height: 50 });
    const x = logoDrawn ? sheet.left + 82 : sheet.left;
    let y = sheet.y;
    y += sheet.textAt(r.company.name, x, y, sheet.right - x, { size: 13, bold: true });
    y += sheet.textAt(r.company.line, x, y + 2, sheet.right - x, { size: 9 }) + 2;
    sheet.y = Math.max(y, logoDrawn ? sheet.y + 52 : y) + 6;
    sheet.rule('#333333');
  }
  sheet.y += 4;
  sheet.paragraph(r.heading, { size: 16, bold: true, align: 'center', gap: 10 });
  sheet.y = sheet.facts(r.facts, sheet.left, sheet.y, sheet.width, 130) + 8;

  sheet.paragraph(r.productsTitle, { size: 10.5, bold: true });
  sheet.table(
    [
      { heading: r.productColumns[0], width: sheet.width - 260 },
      { heading: r.productColumns[1], width: 110, align: 'right' },
      { heading: r.productColumns[2], width: 150 },
    ],
    r.products,
  );

  if (pictures.photos.length > 0) {
    sheet.paragraph(r.photosTitle, { size: 10.5, bold: true });
    const box = { width: sheet.width / 2 - 8, height: 170 };
    pictures.photos.forEach((photo, index) => {
      const column = index % 2;
      if (column === 0) sheet.room(box.height + 20);
      const x = sheet.left + column * (box.width + 16);
      if (!sheet.picture(photo.bytes, x, sheet.y, box)) sheet.textAt(joined(docs.map((t) => t('noPicture'))), x, sheet.y + 4, box.width, { size: 8.5, color: '#666666' });
      sheet.textAt(r.photoCaptions[index] ?? photo.name, x, sheet.y + box.height + 2, box.width, { size: 8.5 });
      if (column === 1 || index === pictures.photos.length - 1) sheet.y += box.height + 18;
    });
  }

  sheet.paragraph(r.signaturesTitle, { size: 10.5, bold: true });
  sheet.room(100);
  const half = sheet.width / 2 - 8;
  const top = sheet.y;
  r.signatures.forEach((s, index) => {
    const x = sheet.left + index * (half + 16);
    sheet.textAt(s.label, x, top, half, { size: 9, bold: true, color: '#444444' });
    sheet.picture(pictures.signatures[s.who], x, top + 14, { width: half, height: 60 });
    sheet.textAt(s.line, x, top + 78, half, { size: 9 });
  });
  sheet.y = top + 96;

  return sheet.finish((page, pages) => `${r.heading} · ${r.date} · ${joined(docs.map((t) => t('page').replace('{{page}}', String(page)).replace('{{pages}}', String(pages))))}`);
}
