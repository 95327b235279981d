import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../application/api/ApiError';

/**
 * A screen whose data could not be loaded, for errors the catalogue does not send elsewhere (e.g. the
 * server is temporarily unavailable): says what happened in the user's language.
 */
export function ScreenError({ error }: { error: ApiError }) {
  const { t } = useTranslation('errors');
  const serverMessage = 'message' in error && error.message ? error.message : null;
  return (
    <p className="banner banner-danger" role="alert">
      {serverMessage ?? t(`code.${error.code}`)}
    </p>
  );
}
