import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the pages before sign-in (sign-in, registration, two-factor code): the language switch, the product's name and the page's title. */
export function AuthPage({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-page">
      <div className="auth-toolbar">
        <LanguageSwitch />
      </div>
      <section className="auth-card">
        <p className="auth-product">{t('common:app.name')}</p>
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
