import { use, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDeskLoader } from '../../../application/admin/AdminDesks';
import { makeTwoFactorPolicyService } from '../../../application/admin/TwoFactorPolicyService';
import type { TwoFactorPolicy } from '../../../application/admin/admin';
import { FormAlert } from '../../components/FormAlert';
import { useProblemWords } from '../../format/problem';
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
  const problems = useProblemWords();
  const service = useService(AdminDeskLoader).desk(makeTwoFactorPolicyService);
  const headingId = useId();
  const [policy, setPolicy] = useState(loaded);
  const [everyone, setEveryone] = useState(loaded.everyone);
  const [roleIds, setRoleIds] = useState(() => service.requiredRoles(loaded));
  const [message, setMessage] = useState<{ text: string; tone: 'danger' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(roleIds);
    if (on) next.add(id);
    else next.delete(id);
    setRoleIds(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await service.save(everyone, [...roleIds]);
    setBusy(false);
    result.match(
      (value) => {
        setPolicy(value);
        setEveryone(value.everyone);
        setRoleIds(service.requiredRoles(value));
        setMessage({ text: t('roles.twoFactor.saved'), tone: 'success' });
      },
      (error) => {
        const problem = problems.describe(error, { fields: ['everyone', 'roleIds'] });
        setMessage({ text: [problem.message, ...Object.values(problem.fields).flat()].filter(Boolean).join(' '), tone: 'danger' });
      },
    );
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roles.twoFactor.title')}</h2>
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
      <form noValidate onSubmit={(e) => void save(e)}>
        <label className="checkbox">
          <input type="checkbox" name="two_factor_everyone" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} /> {t('roles.twoFactor.everyone')}
        </label>
        <fieldset>
          <legend>{t('roles.twoFactor.roles')}</legend>
          {policy.roles.map((role) => (
            <label key={role.id} className="checkbox">
              <input type="checkbox" checked={everyone || roleIds.has(role.id)} disabled={everyone} onChange={(e) => toggle(role.id, e.target.checked)} /> {role.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('roles.twoFactor.save')}
        </button>
      </form>
    </section>
  );
}
