import { use, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDeskLoader } from '../../../application/admin/AdminDesks';
import { makeTwoFactorPolicyService } from '../../../application/admin/TwoFactorPolicyService';
import type { TwoFactorPolicy } from '../../../application/admin/admin';
import { FormAlert } from '../../components/FormAlert';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

/**
 * Settings → Roles: two-factor required of everyone, or of chosen roles. Shown to those who may
 * edit roles; the server audits each change. Read once each time the screen (`screen`, its data) opens.
 */
export function TwoFactorPolicySection({ screen }: { screen: object }) {
  const service = useService(AdminDeskLoader).desk(makeTwoFactorPolicyService);
  const policy = use(service.policyFor(screen));
  return policy ? <PolicyForm policy={policy} /> : null;
}

function PolicyForm({ policy: loaded }: { policy: TwoFactorPolicy }) {
  const { t } = useTranslation('admin');
  const service = useService(AdminDeskLoader).desk(makeTwoFactorPolicyService);
  const headingId = useId();
  const [policy, setPolicy] = useState(loaded);
  const [everyone, setEveryone] = useState(loaded.everyone);
  const [roleIds, setRoleIds] = useState(() => service.requiredRoles(loaded));
  const [saved, setSaved] = useState(false);
  const save = useSubmit(() => service.save(everyone, [...roleIds]), { fields: ['everyone', 'roleIds'] });
  // A refusal in one message: the server's words, then each field's.
  const refused = [save.message, ...Object.values(save.errors).flat()].filter(Boolean).join(' ');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    (await save.submit())?.map((value) => {
      setPolicy(value);
      setEveryone(value.everyone);
      setRoleIds(service.requiredRoles(value));
      setSaved(true);
    });
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roles.twoFactor.title')}</h2>
      <FormAlert message={refused || (saved ? t('roles.twoFactor.saved') : null)} tone={refused ? 'danger' : 'success'} />
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <label className="checkbox">
          <input type="checkbox" name="two_factor_everyone" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} /> {t('roles.twoFactor.everyone')}
        </label>
        <fieldset>
          <legend>{t('roles.twoFactor.roles')}</legend>
          {policy.roles.map((role) => (
            <label key={role.id} className="checkbox">
              <input type="checkbox" checked={everyone || roleIds.has(role.id)} disabled={everyone} onChange={(e) => setRoleIds(service.toggled(roleIds, role.id, e.target.checked))} /> {role.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={save.busy}>
          {t('roles.twoFactor.save')}
        </button>
      </form>
    </section>
  );
}
