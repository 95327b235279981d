import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../domain/i18n/language';
import { LanguageSetting } from '../../application/ports/LanguageSetting';
import { SessionService } from '../../application/session/SessionService';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';

/** Chooses the interface language; applied at once (and stored on the account when signed in). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const setting = useService(LanguageSetting);
  const session = useService(SessionService);
  const language = useObservable(setting.language$, setting.current());
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void session.changeLanguage(next);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
