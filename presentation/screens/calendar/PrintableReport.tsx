import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hundredthsToDecimal } from '../../../domain/money/money';
import { unitAfterQuantity } from '../../../domain/products/units';
import { dateText, dateTimeText } from '../../../domain/time/format';
import { DataTable } from '../../components/DataTable';
import { StoredImage } from '../../components/StoredImage';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import type { AppointmentStatus } from '../../../domain/appointments/status';
import type { Appointment, CompanyHeading, Report, Visit } from '../../../application/appointments/appointment';

export type PrintLanguage = 'zh-HK' | 'en' | 'both';

/**
 * The completed report as it prints (hidden on screen, shown by the print style sheet): the
 * letterhead, the visit, the work (pests found, areas treated), the products with their active
 * ingredient, the photos with their before/after tag and both signatures with the signers' names,
 * in Chinese, English or both (the same as the PDF, domain/documents/serviceReport.ts).
 */
export function PrintableReport({
  appointment,
  visit,
  report,
  status,
  company,
  language,
}: {
  appointment: Appointment;
  visit: Visit;
  report: Report | null;
  status: AppointmentStatus;
  company: CompanyHeading | null;
  language: PrintLanguage;
}) {
  // The products namespace holds the units' words, the field namespace the worker's report's (pests,
  // areas, active ingredient, photo tags), printed in the report's language(s).
  const { i18n } = useTranslation(['calendar', 'products', 'field']);
  const ready = useBothLanguages();
  const zh = i18n.getFixedT('zh-HK', 'calendar');
  const en = i18n.getFixedT('en', 'calendar');
  const label = (key: string) => (language === 'both' ? `${zh(key)} ${en(key)}` : language === 'en' ? en(key) : zh(key));
  const fieldLabel = (key: string) => {
    const [fzh, fen] = [i18n.getFixedT('zh-HK', 'field'), i18n.getFixedT('en', 'field')];
    return language === 'both' ? `${fzh(key)} ${fen(key)}` : language === 'en' ? fen(key) : fzh(key);
  };
  /** The unit after a quantity, counted in each language: "次 / visits". */
  const unitWord = (unit: string, quantity: number) => {
    if (!unit) return '';
    const one = (lng: 'zh-HK' | 'en') => unitAfterQuantity(unit, quantity, lng, i18n.getFixedT(lng, 'products'));
    return language === 'both' ? `${one('zh-HK')} / ${one('en')}` : one(language);
  };
  /** A day or a moment in the printed language(s), one format per language (domain/time/format.ts). */
  const inLanguages = (write: (l: 'zh-HK' | 'en') => string) => (language === 'both' ? `${write('zh-HK')} ${write('en')}` : write(language));
  /** When a signature was made, in Hong Kong time (the stored instant is UTC). */
  const signedAt = (iso: string | null | undefined) => (iso ? inLanguages((l) => dateTimeText(iso, l)) : '');
  const name = (v: { nameEn: string; nameZh: string } | null | undefined) => {
    if (!v) return '';
    if (language === 'both') return [v.nameZh, v.nameEn].filter(Boolean).join(' ');
    return language === 'en' ? v.nameEn || v.nameZh : v.nameZh || v.nameEn;
  };
  if (!ready) return null;
  const time = appointment.allDay ? label('allDay') : `${visit.start.slice(11, 16)}–${visit.end.slice(11, 16)}`;
  return (
    <article className="printable-report" lang={language === 'en' ? 'en' : 'zh-HK'} aria-label={label('print.heading')}>
      {company && (
        <header>
          <p>
            <strong>{name(company)}</strong>
          </p>
          <p>{language === 'en' ? company.addressEn : language === 'both' ? `${company.addressZh} ${company.addressEn}` : company.addressZh} {company.phone}</p>
        </header>
      )}
      <h2>{label('print.heading')}</h2>
      <FactsTable
        rows={[
          [label('print.client'), `${name(appointment.client)} ${appointment.client?.code ?? ''}`],
          [label('print.address'), `${appointment.address} ${name(appointment.area)}`],
          [label('print.visit'), `${inLanguages((l) => dateText(visit.date, l))} ${time}`],
          [label('print.workers'), appointment.workers.map((w) => w.name).join('、')],
          [label('print.status'), label(`status.${status}`)],
          [label('report.workDone'), report?.workDone],
          [label('report.findings'), report?.findings],
          [fieldLabel('report.pestsFound'), report?.pestsFound],
          [fieldLabel('report.areasTreated'), report?.areasTreated],
        ]}
      />
      <h3>{label('report.products')}</h3>
      <DataTable
        className=""
        wrapClassName={null}
        columns={[
          { label: label('report.product'), cell: (p) => `${p.code} ${name(p)}${p.activeIngredient ? ` (${fieldLabel('report.activeIngredient')}: ${p.activeIngredient})` : ''}` },
          { label: label('report.quantity'), cell: (p) => `${hundredthsToDecimal(p.quantity)} ${unitWord(p.unit, p.quantity)}` },
          { label: label('report.note'), cell: (p) => p.note },
        ]}
        rows={report?.productsUsed ?? []}
        rowKey={(p) => `${p.productId}-${p.note}`}
      />
      {(report?.photos.length ?? 0) > 0 && (
        <section className="printable-photos">
          <h3>{label('photos.title')}</h3>
          <ul>
            {report?.photos.map((photo) => (
              <li key={photo.id}>
                <figure>
                  <StoredImage path={photo.downloadUrl} alt={photo.name} />
                  <figcaption>{photo.tag ? `${fieldLabel(`photos.${photo.tag}`)} · ${photo.name}` : photo.name}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h3>{label('signature.title')}</h3>
      <FactsTable
        rows={(['client', 'worker'] as const).map((who) => {
          const [image, signer, at] = who === 'client' ? [report?.clientSignature, report?.clientSigner, report?.clientSignedAt] : [report?.workerSignature, report?.workerSigner, report?.workerSignedAt];
          return [
            label(`signature.${who}`),
            <>
              {image && <img className="signature" src={image} alt={label(`signature.${who}`)} />}
              <p>
                {signer} {signedAt(at)}
              </p>
            </>,
          ];
        })}
      />
    </article>
  );
}

/** A printed table of facts: each row's name and what it says. */
export function FactsTable({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <table>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
