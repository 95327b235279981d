import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../domain/i18n/language';
import { AdminDeskLoader } from '../../../application/admin/AdminDesks';
import { makeUserAdmin, USER_FORM_FIELDS, type UserForm } from '../../../application/admin/UserAdmin';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { RecordForm } from '../../components/RecordForm';
import { PasswordRules } from '../../components/PasswordRules';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingualChoices } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useEditForm } from '../../hooks/useEditForm';
import { useService } from '../../services/ServicesContext';
import { TemporaryPasswordSection } from '../passwordReset/TemporaryPasswordSection';

/** /settings/users/create and /settings/users/{id}: a staff account. */
export default function UserFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const desk = useService(AdminDeskLoader).desk(makeUserAdmin);
  const me = useAppState('user');
  const page = screenValue(data, 'userForm');
  const existing = page.user;
  const { roles, branches } = page.options;
  const offers = desk.offers(me, existing);
  const reSignInId = useId();
  const edit = useEditForm({
    start: desk.start(page),
    canEdit: offers.canEdit,
    draftKey: existing ? `user:${existing.id}:${existing.version}` : 'user:new',
    save: (values: UserForm) => desk.save(existing, values),
    fields: USER_FORM_FIELDS,
    // A new account's password is never kept in the tab's storage.
    kept: (values) => ({ ...values, password: '', password_confirmation: '' }),
  });
  const { form, set, save } = edit;
  const errors = save.errors;

  const resetTwoFactor = async () => {
    if (existing) (await desk.resetTwoFactor(existing)).mapErr(save.show);
  };

  return (
    <>
      <RecordForm
        edit={edit}
        submitLabel={t('save')}
        actions={
          offers.resetTwoFactor && (
            <button type="button" className="button button-secondary" onClick={() => void resetTwoFactor()}>
              {t('users.resetTwoFactor')}
            </button>
          )
        }
      >
        <TextField label={t('users.name')} value={form.name} maxLength={255} onChange={(e) => set('name', e.target.value)} errors={errors.name} />
        <TextField label={t('users.email')} type="email" value={form.email} maxLength={255} onChange={(e) => set('email', e.target.value)} errors={errors.email} />
        <div className="grid-2">
          <SelectField label={t('users.role')} value={form.roleId} onChange={(e) => set('roleId', e.target.value)} emptyLabel={t('none')} options={roles.map((r) => ({ value: String(r.id), label: r.name }))} errors={errors.roleId} />
          <SelectField label={t('users.branch')} value={form.branchId} onChange={(e) => set('branchId', e.target.value)} emptyLabel={t('none')} options={bilingualChoices(branches, i18n.language)} errors={errors.branchId} />
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
      </RecordForm>
      {existing && offers.canEdit && <TemporaryPasswordSection userId={existing.id} pending={existing.mustChangePassword === true} />}
    </>
  );
}
