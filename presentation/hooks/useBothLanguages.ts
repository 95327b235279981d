import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * For documents that print in Chinese, English or both: messages arrive per language on demand, so
 * this fetches both languages' loaded namespaces and says when they are there.
 */
export function useBothLanguages(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void i18n.loadLanguages(['zh-HK', 'en']).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [i18n]);
  return ready;
}
