import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_ACTIONS, PERMISSION_AREAS, SPECIAL_PERMISSIONS } from '../../../domain/auth/permissions';
import { AdminDeskLoader } from '../../../application/admin/AdminDesks';
import { makeRoleAdmin } from '../../../application/admin/RoleAdmin';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/**
 * /settings/roles/create and /settings/roles/{id}: a role's name and its permissions as a matrix of
 * areas × view/create/edit/delete, then the special permissions.
 */
export default function RoleFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const desk = useService(AdminDeskLoader).desk(makeRoleAdmin);
  const me = useAppState('user');
  const role = screenValue(data, 'roleForm').role;
  const [form, setForm] = useState(() => desk.start(role));
  const [notice, setNotice] = useState<string | null>(null);
  const offers = desk.offers(me, role);
  const save = useSubmit(desk.save.bind(desk), { fields: ['name'] });
  const dirty = offers.canEdit && desk.changed(role, form);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(role ? `role:${role.id}:${role.version}` : 'role:new', { name: form.name, granted: [...form.granted].sort() }, dirty, { name: '', granted: [] as string[] });
  const granted = new Set(form.granted);
  const toggle = (permission: string, on: boolean) => setForm((f) => desk.toggle(f, permission, on));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    void save.submit(role, form);
  };

  const remove = async () => {
    if (!role) return;
    setNotice(null);
    (await desk.remove(role)).mapErr((error) => setNotice(problems.say(error)));
  };

  return (
    <form className="card" noValidate onSubmit={onSubmit} aria-busy={save.busy}>
      <FormAlert message={notice ?? save.message} />
      <DraftBanner draft={draft} onRestore={(kept) => setForm({ name: kept.name, granted: kept.granted })} />
      <fieldset className="plain-fieldset" disabled={!offers.canEdit || save.busy}>
        <TextField label={t('roles.name')} value={form.name} maxLength={60} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} errors={save.errors.name} />
        <div className="table-wrap">
          <table className="data-table matrix">
            <caption>{t('roles.matrix')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('roles.area')}</th>
                {PERMISSION_ACTIONS.map((action) => (
                  <th key={action} scope="col">
                    {t(`roles.actions.${action}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PERMISSION_AREAS.map((area) => (
                <tr key={area}>
                  <th scope="row">{t(`roles.areas.${area}`)}</th>
                  {PERMISSION_ACTIONS.map((action) => {
                    const permission = `${area}_${action}`;
                    return (
                      <td key={action}>
                        <input
                          type="checkbox"
                          aria-label={t('roles.cell', { area: t(`roles.areas.${area}`), action: t(`roles.actions.${action}`) })}
                          checked={granted.has(permission)}
                          onChange={(e) => toggle(permission, e.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <fieldset className="checkbox-group">
          <legend>{t('roles.special')}</legend>
          {SPECIAL_PERMISSIONS.map((permission) => (
            <label key={permission} className="checkbox special-permission">
              <input type="checkbox" checked={granted.has(permission)} onChange={(e) => toggle(permission, e.target.checked)} /> {t(`roles.specials.${permission}`)}
            </label>
          ))}
        </fieldset>
        <p className="hint">{t('users.reSignIn')}</p>
      </fieldset>
      {offers.canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.busy}>
            {t('save')}
          </button>
          {offers.canDelete && (
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('roles.delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
