import { useTranslation } from 'react-i18next';
import { useAppState } from '../hooks/useAppState';

/** Where a user without calendar access lands (spec §2: /calendar without appointment_view → /home). */
export default function HomeScreen() {
  const { t } = useTranslation();
  const user = useAppState('user');
  return <p>{t('home.welcome', { name: user?.name ?? '' })}</p>;
}
