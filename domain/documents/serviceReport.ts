import type { AppointmentStatus } from '../appointments/status';
import { hundredthsToDecimal } from '../money/money';
import { unitAfterQuantity } from '../products/units';
import { dateText, dateTimeText } from '../time/format';
import type { DocumentLanguage, PrintLanguage, Translate } from './printable';

/**
 * A visit's completed service report as it prints: the facts of the visit, the work, the products
 * used, the photos and both signatures, with the same labels (`calendar` namespace) and the same
 * order as the report's print view (presentation/screens/calendar/PrintableReport.tsx). Pure: the
 * words come through translate functions, the pictures are given by the caller.
 */

export interface ServiceReportRecord {
  readonly company: { readonly nameEn: string; readonly nameZh: string; readonly addressEn: string; readonly addressZh: string; readonly phone: string } | null;
  readonly client: { readonly nameEn: string; readonly nameZh: string; readonly code: string } | null;
  readonly address: string;
  readonly area: { readonly nameEn: string; readonly nameZh: string } | null;
  readonly date: string;
  /** "HH:MM", or null for an all-day visit. */
  readonly start: string | null;
  readonly end: string | null;
  readonly workers: readonly string[];
  readonly status: AppointmentStatus;
  readonly workDone: string;
  readonly findings: string;
  readonly pestsFound: string;
  readonly areasTreated: string;
  readonly products: readonly {
    readonly code: string;
    readonly nameEn: string;
    readonly nameZh: string;
    readonly quantity: number;
    readonly unit: string;
    readonly note: string;
    /** The pesticide's active ingredient ('' when none). */
    readonly activeIngredient: string;
  }[];
  /** The photos in the order they print: the uploader's name of each and whether it was taken before or after the work. */
  readonly photos: readonly { readonly name: string; readonly tag: 'before' | 'after' | null }[];
  readonly signatures: readonly { readonly who: 'client' | 'worker'; readonly signer: string; readonly signedAt: string | null }[];
}

/** What the report prints, its words resolved in the chosen language(s). */
export interface ServiceReportSheet {
  readonly heading: string;
  /** The visit's day in the printed language(s): 2026年12月9日 / 9 Dec 2026. */
  readonly date: string;
  readonly company: { readonly name: string; readonly line: string } | null;
  readonly facts: readonly (readonly [string, string])[];
  readonly productsTitle: string;
  readonly productColumns: readonly [string, string, string];
  readonly products: readonly (readonly [string, string, string])[];
  readonly photosTitle: string;
  /** Each photo's caption, in the record's order: its tag (before / after) and its name. */
  readonly photoCaptions: readonly string[];
  readonly signaturesTitle: string;
  readonly signatures: readonly { readonly who: 'client' | 'worker'; readonly label: string; readonly line: string }[];
}


/**
 * The report in words: `calendar` is the calendar namespace, `products` the products namespace and
 * `field` the worker's report's (pests, areas, active ingredient, photo tags), each in Chinese and
 * English; in both languages a label reads "中文 English".
 */
export function serviceReportSheet(
  r: ServiceReportRecord,
  language: PrintLanguage,
  words: { calendar: Record<DocumentLanguage, Translate>; products: Record<DocumentLanguage, Translate>; field: Record<DocumentLanguage, Translate> },
): ServiceReportSheet {
  const labelIn = (w: Record<DocumentLanguage, Translate>) => (key: string) => (language === 'both' ? `${w['zh-HK'](key)} ${w.en(key)}` : w[language](key));
  const label = labelIn(words.calendar);
  const fieldLabel = labelIn(words.field);
  /** The unit after a quantity, counted in each language: "次 / visits". */
  const unitWord = (unit: string, quantity: number) => {
    if (!unit) return '';
    const one = (l: DocumentLanguage) => unitAfterQuantity(unit, quantity, l, words.products[l]);
    return language === 'both' ? `${one('zh-HK')} / ${one('en')}` : one(language);
  };
  const name = (v: { nameEn: string; nameZh: string } | null | undefined) => {
    if (!v) return '';
    if (language === 'both') return [v.nameZh, v.nameEn].filter(Boolean).join(' ');
    return language === 'en' ? v.nameEn || v.nameZh : v.nameZh || v.nameEn;
  };
  const time = r.start === null || r.end === null ? label('allDay') : `${r.start}–${r.end}`;
  /** A day or a moment in each printed language (Chinese first), one format per language (domain/time/format.ts). */
  const inLanguages = (write: (l: DocumentLanguage) => string) => (language === 'both' ? `${write('zh-HK')} ${write('en')}` : write(language));
  const date = inLanguages((l) => dateText(r.date, l));
  /** When a signature was made, in Hong Kong time (the stored instant is UTC). */
  const signedAt = (iso: string | null) => (iso ? inLanguages((l) => dateTimeText(iso, l)) : '');
  const company = r.company;
  return {
    heading: label('print.heading'),
    date,
    company: company ? { name: name(company), line: `${language === 'en' ? company.addressEn : language === 'both' ? `${company.addressZh} ${company.addressEn}` : company.addressZh} ${company.phone}`.trim() } : null,
    facts: [
      [label('print.client'), `${name(r.client)} ${r.client?.code ?? ''}`.trim()],
      [label('print.address'), `${r.address} ${name(r.area)}`.trim()],
      [label('print.visit'), `${date} ${time}`],
      [label('print.workers'), r.workers.join('、')],
      [label('print.status'), label(`status.${r.status}`)],
      [label('report.workDone'), r.workDone],
      [label('report.findings'), r.findings],
      [fieldLabel('report.pestsFound'), r.pestsFound],
      [fieldLabel('report.areasTreated'), r.areasTreated],
    ],
    productsTitle: label('report.products'),
    productColumns: [label('report.product'), label('report.quantity'), label('report.note')],
    products: r.products.map((p) => [
      `${p.code} ${name(p)}${p.activeIngredient ? ` (${fieldLabel('report.activeIngredient')}: ${p.activeIngredient})` : ''}`,
      `${hundredthsToDecimal(p.quantity)} ${unitWord(p.unit, p.quantity)}`.trim(),
      p.note,
    ]),
    photosTitle: label('photos.title'),
    photoCaptions: r.photos.map((p) => (p.tag ? `${fieldLabel(`photos.${p.tag}`)} · ${p.name}` : p.name)),
    signaturesTitle: label('signature.title'),
    signatures: r.signatures.map((s) => ({ who: s.who, label: label(`signature.${s.who}`), line: `${s.signer} ${signedAt(s.signedAt)}`.trim() })),
  };
}
