import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { roleListOffers } from '../../../application/admin/offers';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { CreateLink } from '../../components/CreateLink';
import { DataTable } from '../../components/DataTable';
import { useAppState } from '../../hooks/useAppState';
import { TwoFactorPolicySection } from './TwoFactorPolicySection';

/** /settings/roles: the roles, how many permissions each holds and how many users have it. */
export default function RolesScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const offers = roleListOffers(useAppState('user'));
  return (
    <div className="stack">
      <CreateLink offered={offers.create} href="/settings/roles/create">
        {t('roles.new')}
      </CreateLink>
      <DataTable
        caption={t('roles.caption')}
        columns={[
          { label: t('roles.name'), cell: (role) => <Link href={`/settings/roles/${role.id}`}>{role.name}</Link> },
          { label: t('roles.permissionCount'), cell: (role) => role.permissions.length },
          { label: t('roles.userCount'), cell: (role) => role.userCount },
        ]}
        rows={screenValue(data, 'roles')}
        rowKey={(role) => role.id}
      />
      {offers.twoFactorPolicy && (
        <Suspense fallback={null}>
          <TwoFactorPolicySection screen={data} />
        </Suspense>
      )}
    </div>
  );
}
