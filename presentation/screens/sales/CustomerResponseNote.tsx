import { useTranslation } from 'react-i18next';
import type { QuotationCustomerResponse } from '../../../application/links/customerLinks';
import { formatDateTime } from '../../format/dateTime';

/** A quotation's answer from its customer through a customer link: who, when, from where, the signature or the reason. */
export function CustomerResponseNote({ response }: { response: QuotationCustomerResponse | null | undefined }) {
  const { t, i18n } = useTranslation('customer');
  if (!response) return null;
  const at = formatDateTime(response.at, i18n.language);
  const said =
    response.outcome === 'accepted'
      ? t('response.accepted', { name: response.name, at })
      : response.name
        ? t('response.declined', { name: response.name, at })
        : t('response.declinedNoName', { at });
  return (
    <section className="card customer-response" aria-label={t('response.heading')}>
      <h2>{t('response.heading')}</h2>
      <p>
        {said} {response.ip && <span className="hint">{t('response.fromIp', { ip: response.ip })}</span>}
      </p>
      {response.reason && <p>{t('response.reason', { reason: response.reason })}</p>}
      {response.signature && <img className="customer-signature" src={response.signature} alt={t('response.signatureAlt', { name: response.name })} />}
    </section>
  );
}
