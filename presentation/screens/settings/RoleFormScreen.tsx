import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, PERMISSION_ACTIONS, PERMISSION_AREAS, SPECIAL_PERMISSIONS } from '../../../domain/auth/permissions';
import { ResourceService } from '../../../application/admin/ResourceService';
import { decodeRole } from '../../../application/admin/records';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/**
 * /settings/roles/create and /settings/roles/{id}: a role's name and its permissions as a matrix of
 * areas × view/create/edit/delete, then the special permissions.
 */
export default function RoleFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const navigation = useService(NavigationService);
  const confirmation = useService(ConfirmationService);
  const state = useService(AppState);
  const me = useAppState('user');
  const role = decodeRole(data.props.role);
  const [name, setName] = useState(role?.name ?? '');
  const [granted, setGranted] = useState<ReadonlySet<string>>(new Set(role?.permissions ?? []));
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = hasPermission(me, role ? 'role_edit' : 'role_create');
  const dirty = canEdit && (name !== (role?.name ?? '') || [...granted].sort().join() !== [...(role?.permissions ?? [])].sort().join());
  useUnsavedChanges(dirty);
  const draft = useFormDraft(role ? `role:${role.id}:${role.version}` : 'role:new', { name, granted: [...granted].sort() }, dirty, { name: '', granted: [] as string[] });

  const toggle = (permission: string, on: boolean) =>
    setGranted((set) => {
      const next = new Set(set);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setErrors({ name: [t('roles.required')] });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const body = { name: name.trim(), permissions: [...granted], ...(role ? { version: role.version } : {}) };
    const result = role ? await resources.update(`/api/roles/${role.id}`, body) : await resources.create('/api/roles', body);
    setBusy(false);
    if (result.isErr()) {
      const problem = problems.describe(result.error, { fields: ['name'] });
      setErrors(problem.fields);
      setMessage(problem.message);
      return;
    }
    state.set({ unsavedChanges: false });
    // Someone who has just taken away their own right to this list goes to the start page instead.
    await navigation.navigate(hasPermission(state.get().user, 'role_view') ? '/settings/roles' : '/');
    state.set({ notification: { title: 'admin:roles.saved', type: 'success' } });
  };

  const remove = async () => {
    if (!role || !(await confirmation.ask({ kind: 'delete', values: { name: role.name } }))) return;
    const result = await resources.remove(`/api/roles/${role.id}`);
    if (result.isErr()) {
      setMessage(problems.say(result.error));
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate('/settings/roles');
  };

  return (
    <form className="card" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner
        draft={draft}
        onRestore={(kept) => {
          setName(kept.name);
          setGranted(new Set(kept.granted));
        }}
      />
      <fieldset className="plain-fieldset" disabled={!canEdit || busy}>
        <TextField label={t('roles.name')} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} errors={errors.name} />
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
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('save')}
          </button>
          {role && hasPermission(me, 'role_delete') && (
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('roles.delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
