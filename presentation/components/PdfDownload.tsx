import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPdfs, type PdfDocument } from '../../application/ports/DocumentPdfs';
import type { PrintLanguage } from '../../domain/documents/printable';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';
import { FormAlert } from './FormAlert';

/**
 * "Download PDF": the document's PDF, made by the server in the language chosen beside it (Chinese,
 * English or both), fetched through the app's transport and saved. A refusal (e.g. the in-page demo,
 * which makes no PDF) is said beside the button.
 */
export function PdfDownload({ document, language, label }: { document: PdfDocument; language: PrintLanguage; label?: string }) {
  // Its words load beside it, never suspending: a suspended dialog would hide the page and drop the
  // focus its Close gives back. The button shows once they are there.
  const { t, ready } = useTranslation('documents', { useSuspense: false });
  const problems = useProblemWords();
  const pdfs = useService(DocumentPdfs);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const saved = await pdfs.download(document, language);
    setBusy(false);
    if (saved.isErr()) setProblem(t('failed', { reason: problems.say(saved.error) }));
  };

  if (!ready) return null;
  return (
    <>
      {/* A given label is the button's visible words too, so the name a screen reader says is what is shown. */}
      <button type="button" className="button button-secondary" aria-disabled={busy || undefined} onClick={() => void download()}>
        {label ?? t('download')}
      </button>
      <FormAlert message={problem} />
    </>
  );
}
