import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { wrapTabInside } from '../../components/dialogFocus';
import { LoadingMessage } from '../../components/LoadingMessage';
import { PdfDownload } from '../../components/PdfDownload';
import { picturesShown } from '../../components/StoredImage';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import type { PdfDocument } from '../../../application/ports/DocumentPdfs';
import { DocumentSheet, type PrintableDocument, type PrintLanguage } from './DocumentSheet';
import '../../styles/print.css';

const LANGUAGES: readonly PrintLanguage[] = ['zh-HK', 'en', 'both'];

/**
 * The print view of a document: an A4 sheet in Chinese, English or both, with Print (the browser's
 * own dialog), Download PDF (the server's PDF of the same document, in the chosen language) and Close. While it is open only the sheet prints;
 * Escape closes it and focus returns to what opened it.
 */
export function PrintPreview({ doc, pdf, onClose }: { doc: PrintableDocument; pdf?: PdfDocument; onClose: () => void }) {
  // The products namespace holds the units' words, which the lines print in the sheet's languages;
  // the statements namespace a statement's own words. They load beside it, never suspending: a
  // suspended preview would hide the page behind a fallback, the button that opened it would lose
  // the focus, and Close could not give it back.
  const { t, i18n, ready: wordsReady } = useTranslation(['sales', 'products', 'statements'], { useSuspense: false });
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [language, setLanguage] = useState<PrintLanguage>(i18n.language === 'en' ? 'en' : 'zh-HK');
  // The sheet may print in the other language too: fetch its messages (they load on demand).
  const ready = useBothLanguages();
  const [printing, setPrinting] = useState(false);

  // The letterhead's logo and chop are on the sheet before the browser's print dialog opens.
  const print = async () => {
    if (printing) return;
    setPrinting(true);
    await picturesShown(ref.current);
    setPrinting(false);
    // Closed meanwhile: nothing to print.
    if (ref.current?.isConnected) window.print();
  };

  // Not a modal <dialog>: the top layer would print only its first page. The rest of the page is
  // made inert instead, so focus and the screen reader stay in the preview.
  useEffect(() => {
    const opener = document.activeElement;
    const others = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== ref.current && !el.inert);
    for (const el of others) el.inert = true;
    document.body.classList.add('printing');
    ref.current?.focus();
    return () => {
      document.body.classList.remove('printing');
      for (const el of others) el.inert = false;
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  // Once its words are there, the focus goes to the language chosen.
  useEffect(() => {
    if (wordsReady) ref.current?.querySelector<HTMLElement>('input:checked')?.focus();
  }, [wordsReady]);

  if (!wordsReady) {
    return createPortal(
      <div ref={ref} className="print-preview" role="dialog" aria-modal="true" aria-busy="true" tabIndex={-1}>
        <LoadingMessage />
      </div>,
      document.body,
    );
  }

  return createPortal(
    <div
      ref={ref}
      className="print-preview"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        } else wrapTabInside(event);
      }}
    >
      <div className="print-toolbar">
        <h2 id={titleId}>{t('print.preview', { number: doc.number })}</h2>
        <fieldset className="print-languages">
          <legend>{t('print.language')}</legend>
          {LANGUAGES.map((l) => (
            <label key={l} className="checkbox">
              <input type="radio" name="print-language" value={l} checked={language === l} onChange={() => setLanguage(l)} /> {t(`print.languages.${l}`)}
            </label>
          ))}
        </fieldset>
        <div className="inline-actions">
          <button type="button" className="button button-primary" aria-disabled={printing || undefined} onClick={() => void print()}>
            {t('print.print')}
          </button>
          {pdf && <PdfDownload document={pdf} language={language} />}
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('print.close')}
          </button>
        </div>
      </div>
      {ready ? <DocumentSheet doc={doc} language={language} /> : <LoadingMessage />}
    </div>,
    document.body,
  );
}
