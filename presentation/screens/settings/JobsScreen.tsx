import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailOffers } from '../../../application/mail/mail';
import { screenValue } from '../../../application/navigation/screenData';
import { Mailing, type BackgroundJob, type JobStatus } from '../../../application/ports/Mailing';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { ListView } from '../../components/ListView';
import { formatDateTime } from '../../format/dateTime';
import { failureText } from '../../format/mailFailure';
import { useAppState } from '../../hooks/useAppState';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'done', 'failed'];

/** /settings/jobs: the background jobs, newest first: queued, running, done, failed with the reason, and Retry on a failed one. */
export default function JobsScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('mail');
  const list = screenValue(data, 'jobs');
  const mailing = useService(Mailing);
  const canRetry = mailOffers(useAppState('user')).edit;
  const [retried, setRetried] = useState<Readonly<Record<number, BackgroundJob>>>({});
  const [done, setDone] = useState<number | null>(null);
  const retry = useSubmit((id: number) => mailing.retryJob(id));
  const rows = list.items.map((job) => retried[job.id] ?? job);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  const onRetry = async (id: number) => {
    setDone(null);
    const result = await retry.submit(id);
    if (!result?.isOk()) return;
    const job = result.value;
    setRetried((current) => ({ ...current, [job.id]: job }));
    setDone(job.id);
  };

  return (
    <ListView
      intro={
        <>
          <p>{t('jobs.intro')}</p>
          <FormAlert message={retry.message} />
          {done !== null && (
            <p className="banner banner-success" role="status">
              {t('jobs.retried', { id: done })}
            </p>
          )}
        </>
      }
      summary={<p>{t('jobs.counts', list.counts)}</p>}
      filters={[{ key: 'status', type: 'select', label: t('jobs.status'), emptyLabel: t('jobs.all'), options: STATUSES.map((s) => ({ value: s, label: t(`jobs.statuses.${s}`) })), applyOnChange: true }]}
      words={{ apply: t('jobs.filter'), caption: t('jobs.caption'), empty: t('jobs.empty'), noMatch: t('jobs.empty') }}
      columns={[
        { label: t('jobs.when'), cell: (job) => when(job.createdAt) },
        { label: t('jobs.kind'), cell: (job) => t(`jobs.kinds.${job.kind}`, { defaultValue: job.kind }) },
        { label: t('jobs.summary'), cell: (job) => job.summary || '—' },
        { label: t('jobs.status'), cell: (job) => t(`jobs.statuses.${job.status}`) },
        { label: t('jobs.attempts'), cell: (job) => `${job.attempts} / ${job.maxAttempts}` },
        { label: t('jobs.runAt'), cell: (job) => (job.status === 'queued' ? when(job.runAt) : '—') },
        { label: t('jobs.finishedAt'), cell: (job) => when(job.finishedAt) },
        { label: t('jobs.lastError'), cell: (job) => (job.lastError ? failureText(t, job.lastError) : '—') },
        canRetry && {
          label: t('jobs.retry'),
          labelHidden: true,
          cell: (job) =>
            job.status === 'failed' ? (
              <button type="button" className="button button-secondary button-small" disabled={retry.busy} onClick={() => void onRetry(job.id)} aria-label={`${t('jobs.retry')} ${job.id}`}>
                {t('jobs.retry')}
              </button>
            ) : null,
        },
      ]}
      rows={rows}
      rowKey={(job) => job.id}
      paging={list}
    />
  );
}
