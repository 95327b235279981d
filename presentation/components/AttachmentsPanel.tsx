import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentService } from '../../application/attachments/AttachmentService';
import type { Attachment, AttachmentOwner } from '../../application/attachments/attachment';
import { useProblemWords } from '../format/problem';
import { formatDateTime } from '../format/dateTime';
import { useService } from '../services/ServicesContext';
import { DataTable } from './DataTable';
import { DownloadLink } from './DownloadLink';
import { FormAlert } from './FormAlert';

const formatSize = (bytes: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-HK' : 'zh-HK', { style: 'unit', unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    bytes >= 1024 * 1024 ? bytes / 1024 / 1024 : Math.max(0.1, bytes / 1024),
  );

/**
 * The files of a client or an order (`owner`): upload (5 MB, PDF/images/Word/Excel), download,
 * delete. Only files the user's file-view scope allows are listed.
 */
export function AttachmentsPanel({ owner, initial, canEdit }: { owner: AttachmentOwner; initial: readonly Attachment[]; canEdit: boolean }) {
  const { t, i18n } = useTranslation('clients');
  const problems = useProblemWords();
  const service = useService(AttachmentService);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    setMessage(null);
    setDone(null);
    const result = await service.attach(owner, file);
    setBusy(false);
    if (input.current) input.current.value = '';
    result.match(
      (list) => {
        setFiles(list);
        setDone(t('attachments.uploaded', { name: file.name }));
      },
      (error) => setMessage(problems.say(error)),
    );
  };

  const remove = async (file: Attachment) => {
    const result = await service.remove(file);
    result.match(setFiles, (error) => error.code !== 'cancelled' && setMessage(problems.say(error)));
  };

  return (
    <section className="card" aria-label={t('attachments.title')}>
      {canEdit && (
        <div className="field">
          <label htmlFor={inputId}>{t('attachments.choose')}</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            disabled={busy}
            accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.heic,.docx,.xlsx"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <p className="hint">{t('attachments.hint')}</p>
        </div>
      )}
      <FormAlert message={message} />
      <FormAlert tone="success" message={done} />
      {files.length === 0 ? (
        <p>{t('attachments.empty')}</p>
      ) : (
        <DataTable
          rows={files}
          rowKey={(file) => file.id}
          columns={[
            { label: t('attachments.name'), cell: (file) => <DownloadLink href={file.downloadUrl}>{file.name}</DownloadLink> },
            { label: t('attachments.size'), cell: (file) => formatSize(file.sizeBytes, i18n.language) },
            { label: t('attachments.by'), cell: (file) => file.uploadedBy ?? '—' },
            { label: t('attachments.at'), cell: (file) => formatDateTime(file.uploadedAt, i18n.language) },
            {
              label: t('attachments.actions'),
              labelHidden: true,
              cell: (file) =>
                canEdit && (
                  <button type="button" className="button button-secondary" onClick={() => void remove(file)} aria-label={t('attachments.deleteNamed', { name: file.name })}>
                    {t('attachments.delete')}
                  </button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
