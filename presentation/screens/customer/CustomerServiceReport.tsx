import { useTranslation } from 'react-i18next';
import type { CustomerServiceReport as Report } from '../../../application/links/customerLinks';
import { serviceReportSheet } from '../../../domain/documents/serviceReport';
import type { PrintLanguage } from '../../../domain/documents/printable';
import { FactsTable } from '../calendar/PrintableReport';

/**
 * A completed service report on the customer's page: the same sheet as its PDF
 * (domain/documents/serviceReport.ts) in the page's language, with the drawn signatures; its photos
 * are in the PDF.
 */
export function CustomerServiceReport({ report, language }: { report: Report; language: PrintLanguage }) {
  const { t, i18n } = useTranslation(['customer', 'calendar', 'products', 'field']);
  const words = (ns: string) => ({ 'zh-HK': i18n.getFixedT('zh-HK', ns), en: i18n.getFixedT('en', ns) });
  const sheet = serviceReportSheet(report, language, { calendar: words('calendar'), products: words('products'), field: words('field') });
  return (
    <article className="printable-report preview" lang={language === 'en' ? 'en' : 'zh-HK'} aria-label={sheet.heading}>
      {sheet.company && (
        <header>
          <p>
            <strong>{sheet.company.name}</strong>
          </p>
          <p>{sheet.company.line}</p>
        </header>
      )}
      <h2>{sheet.heading}</h2>
      <FactsTable rows={sheet.facts} />
      <h3>{sheet.productsTitle}</h3>
      <table>
        <thead>
          <tr>
            {sheet.productColumns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.products.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.photoCaptions.length > 0 && (
        <>
          <h3>{sheet.photosTitle}</h3>
          <ul>
            {sheet.photoCaptions.map((caption, i) => (
              <li key={i}>{caption}</li>
            ))}
          </ul>
          <p className="hint">{t('photosInPdf')}</p>
        </>
      )}
      <h3>{sheet.signaturesTitle}</h3>
      <table>
        <tbody>
          {sheet.signatures.map((s) => {
            const image = report.signatures.find((r) => r.who === s.who)?.image ?? null;
            return (
              <tr key={s.who}>
                <th scope="row">{s.label}</th>
                <td>
                  {image && <img className="signature" src={image} alt={s.label} />}
                  <p>{s.line}</p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>
  );
}
