import { useTranslation } from 'react-i18next';
import { toHongKongIso } from '../../../domain/time/dates';
import { StoredImage } from '../../components/StoredImage';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import type { AppointmentStatus } from '../../../domain/appointments/status';
import type { Appointment, CompanyHeading, Report, Visit } from '../../../application/appointments/appointment';

export type PrintLanguage = 'zh-HK' | 'en' | 'both';

/**
 * The completed report as it prints (hidden on screen, shown by the print style sheet): the
 * letterhead, the visit, the work, the products and both signatures, in Chinese, English or both.
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
  // The products namespace holds the units' words, printed in the report's language(s).
  const { i18n } = useTranslation(['calendar', 'products']);
  const ready = useBothLanguages();
  const zh = i18n.getFixedT('zh-HK', 'calendar');
  const en = i18n.getFixedT('en', 'calendar');
  const label = (key: string) => (language === 'both' ? `${zh(key)} ${en(key)}` : language === 'en' ? en(key) : zh(key));
  const unitWord = (unit: string) => {
    if (!unit) return '';
    const one = (lng: 'zh-HK' | 'en') => i18n.getFixedT(lng, 'products')(`unit.${unit}`);
    return language === 'both' ? `${one('zh-HK')} / ${one('en')}` : one(language);
  };
  /** When a signature was made, in Hong Kong time (the stored instant is UTC). */
  const signedAt = (iso: string | null | undefined) => {
    if (!iso) return '';
    return toHongKongIso(new Date(iso)).slice(0, 16).replace('T', ' ');
  };
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
      <table>
        <tbody>
          <tr>
            <th scope="row">{label('print.client')}</th>
            <td>
              {name(appointment.client)} {appointment.client?.code}
            </td>
          </tr>
          <tr>
            <th scope="row">{label('print.address')}</th>
            <td>
              {appointment.address} {name(appointment.area)}
            </td>
          </tr>
          <tr>
            <th scope="row">{label('print.visit')}</th>
            <td>
              {visit.date} {time}
            </td>
          </tr>
          <tr>
            <th scope="row">{label('print.workers')}</th>
            <td>{appointment.workers.map((w) => w.name).join('、')}</td>
          </tr>
          <tr>
            <th scope="row">{label('print.status')}</th>
            <td>{label(`status.${status}`)}</td>
          </tr>
          <tr>
            <th scope="row">{label('report.workDone')}</th>
            <td>{report?.workDone}</td>
          </tr>
          <tr>
            <th scope="row">{label('report.findings')}</th>
            <td>{report?.findings}</td>
          </tr>
        </tbody>
      </table>
      <h3>{label('report.products')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{label('report.product')}</th>
            <th scope="col">{label('report.quantity')}</th>
            <th scope="col">{label('report.note')}</th>
          </tr>
        </thead>
        <tbody>
          {(report?.productsUsed ?? []).map((p) => (
            <tr key={`${p.productId}-${p.note}`}>
              <td>
                {p.code} {name(p)}
              </td>
              <td>
                {p.quantity / 100} {unitWord(p.unit)}
              </td>
              <td>{p.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(report?.photos.length ?? 0) > 0 && (
        <section className="printable-photos">
          <h3>{label('photos.title')}</h3>
          <ul>
            {report?.photos.map((photo) => (
              <li key={photo.id}>
                <figure>
                  <StoredImage path={photo.downloadUrl} alt={photo.name} />
                  <figcaption>{photo.name}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h3>{label('signature.title')}</h3>
      <table>
        <tbody>
          <tr>
            <th scope="row">{label('signature.client')}</th>
            <td>
              {report?.clientSignature && <img className="signature" src={report.clientSignature} alt={label('signature.client')} />}
              <p>
                {report?.clientSigner} {signedAt(report?.clientSignedAt)}
              </p>
            </td>
          </tr>
          <tr>
            <th scope="row">{label('signature.worker')}</th>
            <td>
              {report?.workerSignature && <img className="signature" src={report.workerSignature} alt={label('signature.worker')} />}
              <p>
                {report?.workerSigner} {signedAt(report?.workerSignedAt)}
              </p>
            </td>
          </tr>
        </tbody>
      </table>
    </article>
  );
}
