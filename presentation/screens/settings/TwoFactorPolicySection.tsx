import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TwoFactorPolicyService, type TwoFactorPolicy } from '../../../application/admin/TwoFactorPolicyService';
import { FormAlert } from '../../components/FormAlert';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';

/**
 * Settings → Roles: two-factor required of everyone, or of chosen roles. Shown to those who may
 * edit roles; the server audits each change.
 */
export function TwoFactorPolicySection() {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const service = useService(TwoFactorPolicyService);
  const headingId = useId();
  const [policy, setPolicy] = useState<TwoFactorPolicy | null>(null);
  const [everyone, setEveryone] = useState(false);
  const [roleIds, setRoleIds] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState<{ text: string; tone: 'danger' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (value: TwoFactorPolicy) => {
    setPolicy(value);
    setEveryone(value.everyone);
    setRoleIds(new Set(value.roles.filter((r) => r.required).map((r) => r.id)));
  };

  useEffect(() => {
    let live = true;
    void service.load().map((value) => {
      if (live) show(value);
    });
    return () => {
      live = false;
    };
  }, [service]);

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
        show(value);
        setMessage({ text: t('roles.twoFactor.saved'), tone: 'success' });
      },
      (error) => {
        const problem = problems.describe(error, { fields: ['everyone', 'roleIds'] });
        setMessage({ text: [problem.message, ...Object.values(problem.fields).flat()].filter(Boolean).join(' '), tone: 'danger' });
      },
    );
  };

  if (!policy) return null;
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
