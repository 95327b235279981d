import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListDesk } from '../../application/admin/ListDesk';
import { LIST_FORMS, listOffers, type FieldValue, type ListForm, type Values } from '../../application/admin/listForms';
import { listName, type ListRecords, type ListRef } from '../../application/admin/referenceLists';
import { useProblemWords } from '../format/problem';
import { useAppState } from '../hooks/useAppState';
import { useDraft } from '../hooks/useDraft';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';
import { DataTable } from './DataTable';
import { DraftBanner } from './DraftBanner';
import { FormAlert } from './FormAlert';
import { FormDialog } from './FormDialog';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

export interface FieldSpec {
  readonly key: string;
  readonly label: string;
  readonly kind: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'date';
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly maxLength?: number;
  readonly lang?: string;
}

export interface ListEditorProps<K extends ListRef['kind']> {
  /** Which list (its form model, checks and saving are the use-case's: ListDesk). */
  readonly list: ListRef & { readonly kind: K };
  readonly items: readonly ListRecords[K][];
  readonly words: {
    readonly caption: string;
    /** What the list says when it has no records. */
    readonly empty: string;
    /** The add button and the dialog's title for a new record, and the dialog's title for a record. */
    readonly add: string;
    readonly edit: string;
  };
  readonly columns: readonly { readonly header: string; readonly cell: (item: ListRecords[K]) => ReactNode }[];
  readonly fields: readonly FieldSpec[];
  /** A new record's values. */
  readonly blank: Values;
  readonly itemName: (item: ListRecords[K]) => string;
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
 * dialog form to add or edit one, each offered as the use-case says for the user's rights (listOffers).
 * Checking, saving, deleting and reloading are the use-case's (ListDesk).
 */
export function ListEditor<K extends ListRef['kind']>(props: ListEditorProps<K>) {
  type T = ListRecords[K];
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const desk = useService(ListDesk);
  const user = useAppState('user');
  const offers = listOffers(user);
  const { words } = props;
  const form = LIST_FORMS[props.list.kind] as ListForm<K>;
  const [editing, setEditing] = useState<{ item: T | null; values: Values } | null>(null);
  const [listMessage, setListMessage] = useState<string | null>(null);
  const submit = useSubmit((item: T | null, values: Values) => desk.save<K>(props.list, item, values), { fields: props.fields.map((f) => f.key) });
  const start = editing ? (editing.item ? form.toValues(editing.item) : props.blank) : null;
  const dirty = editing !== null && JSON.stringify(editing.values) !== JSON.stringify(start);
  const draft = useDraft<KeptEdit>(
    `list:${listName(props.list)}`,
    editing && dirty ? { id: editing.item?.id ?? null, version: editing.item?.version ?? null, values: editing.values } : null,
    isKeptEdit,
  );
  /** A kept edit back in the dialog, if its record is still there at the same version. */
  const restore = (kept: KeptEdit) => {
    const item = kept.id === null ? null : props.items.find((i) => i.id === kept.id && i.version === kept.version);
    if (item === undefined) return;
    submit.reset();
    setEditing({ item, values: { ...(item ? form.toValues(item) : props.blank), ...kept.values } });
  };

  const open = (item: T | null) => {
    submit.reset();
    setEditing({ item, values: item ? form.toValues(item) : props.blank });
  };

  const save = async () => {
    if (!editing) return;
    const result = await submit.submit(editing.item, editing.values);
    if (result?.isOk()) setEditing(null);
  };

  const remove = async (item: T) => {
    const result = await desk.remove(props.list, item, props.itemName(item));
    if (result.isErr()) setListMessage(problems.say(result.error));
  };

  const set = (key: string, value: FieldValue) => setEditing((e) => (e ? { ...e, values: { ...e.values, [key]: value } } : e));
  const { busy, errors, message } = submit;

  return (
    <div className="stack">
      <FormAlert message={listMessage} />
      {editing === null && <DraftBanner draft={draft} onRestore={restore} />}
      {offers.create && (
        <p>
          <button type="button" className="button button-primary" onClick={() => open(null)}>
            {words.add}
          </button>
        </p>
      )}
      <DataTable
        caption={words.caption}
        empty={words.empty}
        rows={props.items}
        rowKey={(item) => item.id}
        columns={[
          ...props.columns.map((column) => ({ label: column.header, cell: column.cell })),
          (offers.edit || offers.delete) && {
            label: t('actions'),
            labelHidden: true,
            cellClassName: () => 'row-actions',
            cell: (item: T) => (
              <>
                {offers.edit && (
                  <button type="button" className="button button-secondary" aria-label={t('editNamed', { name: props.itemName(item) })} onClick={() => open(item)}>
                    {t('edit')}
                  </button>
                )}
                {offers.delete && (
                  <button type="button" className="button button-secondary" aria-label={t('deleteNamed', { name: props.itemName(item) })} onClick={() => void remove(item)}>
                    {t('delete')}
                  </button>
                )}
              </>
            ),
          },
        ]}
      />
      <FormDialog
        open={editing !== null}
        title={editing?.item ? words.edit : words.add}
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
