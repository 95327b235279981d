import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../domain/auth/permissions';
import { LANGUAGES } from '../../../domain/i18n/language';
import { ResourceService } from '../../../application/admin/ResourceService';
import { decodeAdminUser, decodeNamed, decodeRoleRefs } from '../../../application/admin/records';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules, unmetPasswordRules } from '../../components/PasswordRules';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['name', 'email', 'language', 'roleId', 'branchId', 'calendarColor', 'commissionRateBp', 'password', 'password_confirmation'] as const;

/** Percent as typed ("5.5") to basis points (550); null when empty, NaN when not a number. */
const toBasisPoints = (percent: string): number | null => (percent.trim() === '' ? null : /^\d{1,3}(\.\d{1,2})?$/.test(percent.trim()) ? Math.round(Number(percent) * 100) : Number.NaN);

/** /settings/users/create and /settings/users/{id}: a staff account. */
export default function UserFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const navigation = useService(NavigationService);
  const state = useService(AppState);
  const me = useAppState('user');
  const existing = decodeAdminUser(data.props.user);
  const options = (data.props.options ?? {}) as { roles?: unknown; branches?: unknown };
  const roles = decodeRoleRefs(options.roles);
  const branches = decodeNamed(options.branches);
  const start = {
    name: existing?.name ?? '',
    email: existing?.email ?? '',
    language: existing?.language ?? 'zh-HK',
    roleId: existing?.roleId ? String(existing.roleId) : '',
    branchId: existing?.branchId ? String(existing.branchId) : '',
    isAdmin: existing?.isAdmin ?? false,
    active: existing?.active ?? true,
    calendarColor: existing?.calendarColor ?? '',
    commission: existing?.commissionRateBp === null || existing?.commissionRateBp === undefined ? '' : String(existing.commissionRateBp / 100),
    password: '',
    password_confirmation: '',
  };
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = hasPermission(me, existing ? 'user_edit' : 'user_create');
  const reSignInId = useId();
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  // A new account's password is never kept in the tab's storage.
  const draft = useFormDraft(existing ? `user:${existing.id}:${existing.version}` : 'user:new', { ...form, password: '', password_confirmation: '' }, dirty, start);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string[]> = {};
    if (!form.name.trim()) local.name = [t('users.required.name')];
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) local.email = [t('users.required.email')];
    const commission = toBasisPoints(form.commission);
    if (Number.isNaN(commission) || (commission !== null && commission > 10_000)) local.commissionRateBp = [t('users.commissionFormat')];
    if (!existing) {
      const unmet = unmetPasswordRules(form.password, form.password_confirmation);
      const rules = unmet.filter((r) => r !== 'passwordConfirmationMismatch').map((r) => t(`auth:password.rules.${r}`));
      if (rules.length) local.password = rules;
      if (unmet.includes('passwordConfirmationMismatch')) local.password_confirmation = [t('auth:password.mismatch')];
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const body = {
      name: form.name.trim(),
      email: form.email.trim(),
      language: form.language,
      roleId: form.roleId ? Number(form.roleId) : null,
      branchId: form.branchId ? Number(form.branchId) : null,
      isAdmin: form.isAdmin,
      active: form.active,
      calendarColor: form.calendarColor || null,
      commissionRateBp: commission,
      ...(existing ? { version: existing.version } : { password: form.password, password_confirmation: form.password_confirmation }),
    };
    const result = existing ? await resources.update(`/api/users/${existing.id}`, body) : await resources.create('/api/users', body);
    setBusy(false);
    if (result.isErr()) {
      const problem = problems.describe(result.error, { fields: FIELDS });
      setErrors(problem.fields);
      setMessage(problem.message);
      return;
    }
    state.set({ unsavedChanges: false });
    // Someone who has just taken away their own right to this list goes to the start page instead.
    await navigation.navigate(hasPermission(state.get().user, 'user_view') ? '/settings/users' : '/');
    state.set({ notification: { title: 'admin:saved', type: 'success' } });
  };

  const resetTwoFactor = async () => {
    if (!existing) return;
    const result = await resources.post(`/api/users/${existing.id}/reset-two-factor`);
    result.match(
      () => {
        state.set({ notification: { title: 'admin:users.twoFactorReset', type: 'success' } });
        resources.reload();
      },
      (error) => setMessage(problems.say(error)),
    );
  };

  return (
    <form className="card form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      <fieldset className="plain-fieldset" disabled={!canEdit || busy}>
        <TextField label={t('users.name')} value={form.name} maxLength={255} onChange={(e) => set('name', e.target.value)} errors={errors.name} />
        <TextField label={t('users.email')} type="email" value={form.email} maxLength={255} onChange={(e) => set('email', e.target.value)} errors={errors.email} />
        <div className="grid-2">
          <SelectField label={t('users.role')} value={form.roleId} onChange={(e) => set('roleId', e.target.value)} emptyLabel={t('none')} options={roles.map((r) => ({ value: String(r.id), label: r.name }))} errors={errors.roleId} />
          <SelectField label={t('users.branch')} value={form.branchId} onChange={(e) => set('branchId', e.target.value)} emptyLabel={t('none')} options={branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))} errors={errors.branchId} />
        </div>
        <div className="grid-2">
          <SelectField label={t('users.language')} value={form.language} onChange={(e) => set('language', e.target.value)} options={LANGUAGES.map((l) => ({ value: l, label: t(`common:language.${l}`) }))} />
          <TextField label={t('users.commission')} value={form.commission} inputMode="decimal" onChange={(e) => set('commission', e.target.value)} errors={errors.commissionRateBp} />
        </div>
        <div className="field">
          <label htmlFor="calendar-colour">{t('users.calendarColor')}</label>
          <input id="calendar-colour" type="color" value={form.calendarColor || '#1d4ed8'} onChange={(e) => set('calendarColor', e.target.value)} />
        </div>
        <label className="checkbox field">
          <input type="checkbox" checked={form.isAdmin} onChange={(e) => set('isAdmin', e.target.checked)} aria-describedby={reSignInId} /> {t('users.isAdmin')}
        </label>
        <label className="checkbox field">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> {t('users.activeLabel')}
        </label>
        <p className="hint" id={reSignInId}>
          {t('users.reSignIn')}
        </p>
        {!existing && (
          <>
            <TextField label={t('users.password')} type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} errors={errors.password} />
            <TextField label={t('users.passwordConfirmation')} type="password" autoComplete="new-password" value={form.password_confirmation} onChange={(e) => set('password_confirmation', e.target.value)} errors={errors.password_confirmation} />
            <PasswordRules password={form.password} confirmation={form.password_confirmation} />
          </>
        )}
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('save')}
          </button>
          {existing?.twoFactor && (
            <button type="button" className="button button-secondary" onClick={() => void resetTwoFactor()}>
              {t('users.resetTwoFactor')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
