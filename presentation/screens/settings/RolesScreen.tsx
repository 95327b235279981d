import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { useAppState } from '../../hooks/useAppState';
import { TwoFactorPolicySection } from './TwoFactorPolicySection';

/** /settings/roles: the roles, how many permissions each holds and how many users have it. */
export default function RolesScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const user = useAppState('user');
  const roles = screenValue(data, 'roles');
  return (
    <div className="stack">
      {hasPermission(user, 'role_create') && (
        <p>
          <Link href="/settings/roles/create" className="button button-primary">
            {t('roles.new')}
          </Link>
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('roles.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roles.name')}</th>
              <th scope="col">{t('roles.permissionCount')}</th>
              <th scope="col">{t('roles.userCount')}</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => (
              <tr key={role.id}>
                <td>
                  <Link href={`/settings/roles/${role.id}`}>{role.name}</Link>
                </td>
                <td>{role.permissions.length}</td>
                <td>{role.userCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasPermission(user, 'role_edit') && (
        <Suspense fallback={null}>
          <TwoFactorPolicySection screen={data} />
        </Suspense>
      )}
    </div>
  );
}
