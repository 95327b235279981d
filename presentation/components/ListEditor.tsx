import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceService } from '../../application/admin/ResourceService';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { useProblemWords } from '../format/problem';
import { useDraft } from '../hooks/useDraft';
import { useService } from '../services/ServicesContext';
import { DraftBanner } from './DraftBanner';
import { FormAlert } from './FormAlert';
import { FormDialog } from './FormDialog';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

export type FieldValue = string | boolean;
export type Values = Record<string, FieldValue>;

export interface FieldSpec {
  readonly key: string;
  readonly label: string;
  readonly kind: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'date';
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly maxLength?: number;
  readonly lang?: string;
}

export interface ListEditorProps<T extends { readonly id: number; readonly version: number }> {
  readonly items: readonly T[];
  readonly caption: string;
  readonly emptyText: string;
  readonly columns: readonly { readonly header: string; readonly cell: (item: T) => ReactNode }[];
  readonly fields: readonly FieldSpec[];
  readonly blank: Values;
  readonly toValues: (item: T) => Values;
  readonly toBody: (values: Values) => Record<string, unknown>;
  /** Checks in the browser before sending: messages per field key. */
  readonly check?: (values: Values) => Record<string, string[]>;
  readonly collectionPath: string;
  readonly itemPath: (item: T) => string;
  readonly itemName: (item: T) => string;
  readonly addLabel: string;
  readonly editTitle: string;
  readonly addTitle: string;
  readonly canCreate: boolean;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

/** What the dialog held unsaved: which record (null: a new one) at which version, and its values. */
interface KeptEdit {
  readonly id: number | null;
  readonly version: number | null;
  readonly values: Values;
}

const isKeptEdit = (value: unknown): value is KeptEdit => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.id === null || typeof v.id === 'number') &&
    (v.version === null || typeof v.version === 'number') &&
    typeof v.values === 'object' &&
    v.values !== null &&
    Object.values(v.values).every((x) => typeof x === 'string' || typeof x === 'boolean')
  );
};

/**
 * A settings list edited in place: a table of the records with Edit and Delete on each row, and a
 * dialog form to add or edit one. After a change the screen reloads its data from the server.
 */
export function ListEditor<T extends { readonly id: number; readonly version: number }>(props: ListEditorProps<T>) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const confirmation = useService(ConfirmationService);
  const [editing, setEditing] = useState<{ item: T | null; values: Values } | null>(null);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [listMessage, setListMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = editing ? (editing.item ? props.toValues(editing.item) : props.blank) : null;
  const dirty = editing !== null && JSON.stringify(editing.values) !== JSON.stringify(start);
  const draft = useDraft<KeptEdit>(
    `list:${props.collectionPath}`,
    editing && dirty ? { id: editing.item?.id ?? null, version: editing.item?.version ?? null, values: editing.values } : null,
    isKeptEdit,
  );
  /** A kept edit back in the dialog, if its record is still there at the same version. */
  const restore = (kept: KeptEdit) => {
    const item = kept.id === null ? null : props.items.find((i) => i.id === kept.id && i.version === kept.version);
    if (item === undefined) return;
    setErrors({});
    setMessage(null);
    setEditing({ item, values: { ...(item ? props.toValues(item) : props.blank), ...kept.values } });
  };

  const open = (item: T | null) => {
    setErrors({});
    setMessage(null);
    setEditing({ item, values: item ? props.toValues(item) : props.blank });
  };

  const save = async () => {
    if (!editing || busy) return;
    const local = props.check?.(editing.values) ?? {};
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    const body = props.toBody(editing.values);
    const result = editing.item
      ? await resources.update(props.itemPath(editing.item), { ...body, version: editing.item.version })
      : await resources.create(props.collectionPath, body);
    setBusy(false);
    result.match(
      () => {
        setEditing(null);
        resources.reload();
      },
      (error) => {
        const problem = problems.describe(error, { fields: props.fields.map((f) => f.key) });
        setErrors(problem.fields);
        setMessage(problem.message);
      },
    );
  };

  const remove = async (item: T) => {
    if (!(await confirmation.ask({ kind: 'delete', values: { name: props.itemName(item) } }))) return;
    const result = await resources.remove(props.itemPath(item));
    result.match(
      () => resources.reload(),
      (error) => setListMessage(problems.say(error)),
    );
  };

  const set = (key: string, value: FieldValue) => setEditing((e) => (e ? { ...e, values: { ...e.values, [key]: value } } : e));

  return (
    <div className="stack">
      <FormAlert message={listMessage} />
      {editing === null && <DraftBanner draft={draft} onRestore={restore} />}
      {props.canCreate && (
        <p>
          <button type="button" className="button button-primary" onClick={() => open(null)}>
            {props.addLabel}
          </button>
        </p>
      )}
      {props.items.length === 0 ? (
        <p className="notice">{props.emptyText}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{props.caption}</caption>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
                {(props.canEdit || props.canDelete) && (
                  <th scope="col">
                    <span className="visually-hidden">{t('actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => (
                <tr key={item.id}>
                  {props.columns.map((column) => (
                    <td key={column.header}>{column.cell(item)}</td>
                  ))}
                  {(props.canEdit || props.canDelete) && (
                    <td className="row-actions">
                      {props.canEdit && (
                        <button type="button" className="button button-secondary" aria-label={t('editNamed', { name: props.itemName(item) })} onClick={() => open(item)}>
                          {t('edit')}
                        </button>
                      )}
                      {props.canDelete && (
                        <button type="button" className="button button-secondary" aria-label={t('deleteNamed', { name: props.itemName(item) })} onClick={() => void remove(item)}>
                          {t('delete')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.item ? props.editTitle : props.addTitle}
        submitLabel={busy ? t('saving') : t('save')}
        cancelLabel={t('cancel')}
        busy={busy}
        onSubmit={() => void save()}
        onClose={() => setEditing(null)}
      >
        <FormAlert message={message} />
        {editing && <DraftBanner draft={draft} onRestore={restore} />}
        {editing &&
          props.fields.map((field) => {
            const value = editing.values[field.key];
            const common = { label: field.label, errors: errors[field.key] };
            switch (field.kind) {
              case 'textarea':
                return <TextAreaField key={field.key} {...common} lang={field.lang} value={String(value ?? '')} maxLength={field.maxLength} onChange={(e) => set(field.key, e.target.value)} />;
              case 'select':
                return <SelectField key={field.key} {...common} value={String(value ?? '')} options={field.options ?? []} onChange={(e) => set(field.key, e.target.value)} />;
              case 'checkbox':
                return (
                  <label key={field.key} className="checkbox field">
                    <input type="checkbox" checked={value === true} onChange={(e) => set(field.key, e.target.checked)} /> {field.label}
                  </label>
                );
              default:
                return (
                  <TextField
                    key={field.key}
                    {...common}
                    lang={field.lang}
                    type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
                    inputMode={field.kind === 'number' ? 'numeric' : undefined}
                    value={String(value ?? '')}
                    maxLength={field.maxLength}
                    onChange={(e) => set(field.key, e.target.value)}
                  />
                );
            }
          })}
      </FormDialog>
    </div>
  );
}
