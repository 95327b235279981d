import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** A screen whose feature is not built yet: it says so plainly instead of pretending. */
export default function PlaceholderScreen() {
  const { t } = useTranslation();
  return (
    <div className="notice" role="status">
      <p>{t('notBuilt.body')}</p>
      <p>
        <Link href="/calendar">{t('notBuilt.back')}</Link>
      </p>
    </div>
  );
}
