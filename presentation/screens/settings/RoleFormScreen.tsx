import { useTranslation } from 'react-i18next';
import { AdminDeskLoader } from '../../../application/admin/AdminDesks';
import { GRANTABLE, makeRoleAdmin, type RoleForm } from '../../../application/admin/RoleAdmin';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { RecordForm } from '../../components/RecordForm';
import { TextField } from '../../components/TextField';
import { useAppState } from '../../hooks/useAppState';
import { useEditForm } from '../../hooks/useEditForm';
import { useService } from '../../services/ServicesContext';

/**
 * /settings/roles/create and /settings/roles/{id}: a role's name and its permissions as a matrix of
 * areas × view/create/edit/delete, then the special permissions.
 */
export default function RoleFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const desk = useService(AdminDeskLoader).desk(makeRoleAdmin);
  const me = useAppState('user');
  const role = screenValue(data, 'roleForm').role;
  const offers = desk.offers(me, role);
  const edit = useEditForm({
    start: desk.start(role),
    canEdit: offers.canEdit,
    draftKey: role ? `role:${role.id}:${role.version}` : 'role:new',
    save: (values: RoleForm) => desk.save(role, values),
    fields: ['name'],
    changed: (values) => desk.changed(role, values),
    kept: (values) => ({ name: values.name, granted: [...values.granted].sort() }),
  });
  const { form, setForm, set, save } = edit;
  const granted = new Set(form.granted);
  const toggle = (permission: string, on: boolean) => setForm((f) => desk.toggle(f, permission, on));

  const remove = async () => {
    if (role) (await desk.remove(role)).mapErr(save.show);
  };

  return (
    <RecordForm
      edit={edit}
      submitLabel={t('save')}
      className="card"
      actions={
        offers.canDelete && (
          <button type="button" className="button button-danger" onClick={() => void remove()}>
            {t('roles.delete')}
          </button>
        )
      }
    >
      <TextField label={t('roles.name')} value={form.name} maxLength={60} onChange={(e) => set('name', e.target.value)} errors={save.errors.name} />
      <div className="table-wrap">
        <table className="data-table matrix">
          <caption>{t('roles.matrix')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roles.area')}</th>
              {GRANTABLE.actions.map((action) => (
                <th key={action} scope="col">
                  {t(`roles.actions.${action}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {GRANTABLE.areas.map((area) => (
              <tr key={area}>
                <th scope="row">{t(`roles.areas.${area}`)}</th>
                {GRANTABLE.actions.map((action) => {
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
        {GRANTABLE.specials.map((permission) => (
          <label key={permission} className="checkbox special-permission">
            <input type="checkbox" checked={granted.has(permission)} onChange={(e) => toggle(permission, e.target.checked)} /> {t(`roles.specials.${permission}`)}
          </label>
        ))}
      </fieldset>
      <p className="hint">{t('users.reSignIn')}</p>
    </RecordForm>
  );
}
