import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadService } from '../../application/downloads/DownloadService';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';
import { FormAlert } from './FormAlert';

/**
 * A link to a file the back end makes (a CSV or Excel export, an attachment). Following it fetches
 * the file through the app's transport and saves it, so it works wherever the back end runs, the
 * fake backend in the page included; the address stays on the link for "copy link" with the real
 * server. A failure is announced beside it.
 */
export function DownloadLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const problems = useProblemWords();
  const downloads = useService(DownloadService);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await downloads.download(href);
    setBusy(false);
    if (result.isErr()) setProblem(t('export.failed', { reason: problems.say(result.error) }));
  };

  return (
    <>
      <a className={className} href={href} download aria-disabled={busy || undefined} onClick={(event) => void onClick(event)}>
        {children}
      </a>
      <FormAlert message={problem} />
    </>
  );
}
