import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOWCASE_PAGES } from '../../application/navigation/routes';
import { AppState } from '../../application/state/AppState';
import type { ScreenProps } from '../app/ScreenProps';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type TableColumn } from '../components/DataTable';
import { FormAlert } from '../components/FormAlert';
import { FormDialog } from '../components/FormDialog';
import { LoadingMessage } from '../components/LoadingMessage';
import { SelectField } from '../components/SelectField';
import { TabLinks } from '../components/TabLinks';
import { TextAreaField } from '../components/TextAreaField';
import { TextField } from '../components/TextField';
import { useAppState } from '../hooks/useAppState';
import { useUnsavedChanges } from '../hooks/useUnsavedChanges';
import { useService } from '../services/ServicesContext';

/**
 * /components/{alerts|avatar|buttons|inputs|badges|forms|tables|modals|tabs}: the product's own
 * component kit in each of its states, as a living style guide. Every word comes from the locales.
 */
export default function ShowcaseScreen({ route }: ScreenProps) {
  const { t } = useTranslation('showcase');
  const page = route.path.split('/').pop() ?? 'alerts';
  return (
    <div className="stack">
      <TabLinks label={t('pages')} tabs={SHOWCASE_PAGES} current={page} href={(p) => `/components/${p}`} words={(p) => t(`page.${p}`)} />
      <section className="card showcase">
        {page === 'alerts' && <Alerts />}
        {page === 'avatar' && <Avatars />}
        {page === 'buttons' && <Buttons />}
        {page === 'inputs' && <Inputs />}
        {page === 'badges' && <Badges />}
        {page === 'forms' && <SampleForm />}
        {page === 'tables' && <Tables />}
        {page === 'modals' && <Modals />}
        {page === 'tabs' && <TabsDemo />}
      </section>
    </div>
  );
}

function Alerts() {
  const { t } = useTranslation('showcase');
  const [notice, setNotice] = useState(true);
  return (
    <>
      <FormAlert tone="success" message={t('alerts.success')} />
      <FormAlert tone="warning" message={t('alerts.warning')} />
      <FormAlert tone="danger" message={t('alerts.danger')} />
      <LoadingMessage sample />
      <h2>{t('alerts.dismissible')}</h2>
      <div role="status">
        {notice ? (
          <p className="banner banner-success">
            <span>{t('alerts.notification')}</span>
            <button type="button" className="link-button" onClick={() => setNotice(false)}>
              {t('common:dismiss')}
            </button>
          </p>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setNotice(true)}>
            {t('alerts.showAgain')}
          </button>
        )}
      </div>
    </>
  );
}

/** A sample profile photo, drawn here so the showcase needs no server (the product's comes from /api/user/profile-photo). */
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#2f6f5e"/><circle cx="40" cy="31" r="15" fill="#f3d9c4"/><path d="M12 80c2-19 14-29 28-29s26 10 28 29z" fill="#f3d9c4"/><path d="M25 29c0-11 7-17 15-17s15 6 15 17c-4-6-9-8-15-8s-11 2-15 8z" fill="#2b2118"/></svg>',
)}`;

/** The avatar as the profile shows it: the first letter of the name when there is no photo, or the photo. */
function Avatars() {
  const { t } = useTranslation('showcase');
  return (
    <div className="inline-actions">
      {['陳', 'A'].map((initial) => (
        <div key={initial}>
          <span className="avatar avatar-large" role="img" aria-label={t('avatar.label', { initial })}>
            {initial}
          </span>
          <p className="hint">{t('avatar.initialState')}</p>
        </div>
      ))}
      <div>
        <img className="avatar avatar-large" src={SAMPLE_PHOTO} alt={t('avatar.photo', { name: '陳大文' })} width={80} height={80} />
        <p className="hint">{t('avatar.photoState')}</p>
      </div>
    </div>
  );
}

/** Each kind of button in each of its states: its classes, its words, and whether it is disabled or busy. */
const BUTTON_STATES: readonly { readonly className: string; readonly words: string; readonly disabled?: boolean; readonly busy?: boolean }[] = [
  { className: 'button button-primary', words: 'buttons.primary' },
  { className: 'button button-secondary', words: 'buttons.secondary' },
  { className: 'button button-danger', words: 'buttons.danger' },
  { className: 'button button-primary', words: 'buttons.disabled', disabled: true },
  { className: 'button button-secondary', words: 'buttons.disabledSecondary', disabled: true },
  { className: 'button button-danger', words: 'buttons.disabledDanger', disabled: true },
  { className: 'button button-primary', words: 'buttons.loading', disabled: true, busy: true },
  { className: 'link-button', words: 'buttons.link' },
];

function Buttons() {
  const { t } = useTranslation('showcase');
  return (
    <div className="inline-actions">
      {BUTTON_STATES.map((button) => (
        <button key={button.words} type="button" className={button.className} disabled={button.disabled} aria-busy={button.busy ? 'true' : undefined}>
          {t(button.words)}
        </button>
      ))}
    </div>
  );
}

function Inputs() {
  const { t } = useTranslation('showcase');
  const [text, setText] = useState('');
  const areas = [
    { value: 'a', label: t('inputs.optionA') },
    { value: 'b', label: t('inputs.optionB') },
  ];
  return (
    <div className="grid-2">
      <TextField label={t('inputs.normal')} value={text} onChange={(e) => setText(e.target.value)} />
      <TextField label={t('inputs.error')} defaultValue="abc" errors={[t('inputs.errorMessage')]} />
      <TextField label={t('inputs.disabled')} value={t('inputs.disabledValue')} disabled readOnly />
      <SelectField label={t('inputs.select')} options={areas} defaultValue="a" />
      <SelectField label={t('inputs.selectError')} options={areas} emptyLabel={t('inputs.choose')} defaultValue="" errors={[t('inputs.selectErrorMessage')]} />
      <SelectField label={t('inputs.selectDisabled')} options={areas} defaultValue="b" disabled />
      <TextAreaField label={t('inputs.textarea')} defaultValue="" />
      <TextAreaField label={t('inputs.textareaError')} defaultValue={t('inputs.textareaDisabledValue')} errors={[t('inputs.textareaErrorMessage')]} />
      <TextAreaField label={t('inputs.textareaDisabled')} value={t('inputs.textareaDisabledValue')} disabled readOnly />
      <fieldset className="checkbox-group">
        <legend>{t('inputs.choices')}</legend>
        <label className="checkbox">
          <input type="checkbox" defaultChecked /> {t('inputs.checkbox')}
        </label>
        <label className="checkbox">
          <input type="checkbox" disabled /> {t('inputs.checkboxDisabled')}
        </label>
        <label className="checkbox">
          <input type="radio" name="showcase-radio" defaultChecked /> {t('inputs.radioA')}
        </label>
        <label className="checkbox">
          <input type="radio" name="showcase-radio" /> {t('inputs.radioB')}
        </label>
      </fieldset>
    </div>
  );
}

function Badges() {
  const { t } = useTranslation('showcase');
  return (
    <div className="inline-actions">
      <span className="badge">{t('badges.default')}</span>
      <span className="badge badge-success">{t('badges.success')}</span>
      <span className="badge badge-warning">{t('badges.warning')}</span>
      <span className="badge badge-danger">{t('badges.danger')}</span>
    </div>
  );
}

function SampleForm() {
  const { t } = useTranslation('showcase');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(name !== '' && !saved);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setErrors([t('forms.required')]);
      return;
    }
    setErrors([]);
    setSaved(true);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="form-card">
      <FormAlert tone="success" message={saved ? t('forms.saved') : null} />
      <TextField
        label={t('forms.name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setSaved(false);
        }}
        errors={errors}
      />
      <button type="submit" className="button button-primary">
        {t('forms.submit')}
      </button>
      <h2>{t('forms.states')}</h2>
      <FormAlert tone="danger" message={t('forms.serverError')} />
      <fieldset className="plain-fieldset" disabled aria-busy="true">
        <legend>{t('forms.busyLegend')}</legend>
        <TextField label={t('forms.name')} value="陳大文" readOnly />
        <button type="button" className="button button-primary">
          {t('forms.saving')}
        </button>
      </fieldset>
    </form>
  );
}

function Tables() {
  const { t } = useTranslation('showcase');
  const rows = [
    { id: 1, name: '陳大文', amount: 'HK$1,200.00' },
    { id: 2, name: 'Golden Dragon Ltd.', amount: 'HK$38,500.00' },
  ];
  const columns: readonly TableColumn<(typeof rows)[number]>[] = [
    { label: t('tables.name'), cell: (row) => row.name },
    { label: t('tables.amount'), cell: (row) => row.amount },
  ];
  return (
    <div className="stack">
      <DataTable caption={t('tables.caption')} captionShown columns={columns} rows={rows} rowKey={(row) => row.id} />
      <p className="notice">{t('tables.empty')}</p>
      <DataTable caption={t('tables.loadingCaption')} captionShown columns={columns} rows={[]} rowKey={(row) => row.id} busy placeholder={<LoadingMessage sample />} />
      <DataTable
        caption={t('tables.errorCaption')}
        captionShown
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        placeholder={
          <>
            <FormAlert tone="danger" message={t('tables.error')} />
            <button type="button" className="button button-secondary">
              {t('tables.retry')}
            </button>
          </>
        }
      />
    </div>
  );
}

function Modals() {
  const { t } = useTranslation('showcase');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [busyOpen, setBusyOpen] = useState(false);
  const [errorOpen, setErrorOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <div className="stack">
      <div className="inline-actions">
        <button type="button" className="button button-danger" onClick={() => setConfirmOpen(true)}>
          {t('modals.openConfirm')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setFormOpen(true)}>
          {t('modals.openForm')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setBusyOpen(true)}>
          {t('modals.openBusy')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setErrorOpen(true)}>
          {t('modals.openError')}
        </button>
      </div>
      <FormAlert tone="success" message={answer} />
      <ConfirmDialog
        open={confirmOpen}
        tone="danger"
        title={t('modals.confirmTitle')}
        message={t('modals.confirmBody')}
        confirmLabel={t('modals.confirm')}
        cancelLabel={t('modals.cancel')}
        onConfirm={() => {
          setConfirmOpen(false);
          setAnswer(t('modals.confirmed'));
        }}
        onCancel={() => {
          setConfirmOpen(false);
          setAnswer(t('modals.cancelled'));
        }}
      />
      <FormDialog open={formOpen} title={t('modals.formTitle')} submitLabel={t('modals.confirm')} cancelLabel={t('modals.cancel')} busy={false} onSubmit={() => setFormOpen(false)} onClose={() => setFormOpen(false)}>
        <TextField label={t('forms.name')} defaultValue="" />
      </FormDialog>
      <FormDialog open={errorOpen} title={t('modals.formTitle')} submitLabel={t('modals.confirm')} cancelLabel={t('modals.cancel')} busy={false} onSubmit={() => undefined} onClose={() => setErrorOpen(false)}>
        <FormAlert message={t('forms.serverError')} />
        <TextField label={t('forms.name')} defaultValue="" errors={[t('forms.required')]} />
      </FormDialog>
      <FormDialog open={busyOpen} title={t('modals.formTitle')} submitLabel={t('forms.saving')} cancelLabel={t('modals.cancel')} busy onSubmit={() => undefined} onClose={() => setBusyOpen(false)}>
        <TextField label={t('forms.name')} defaultValue="陳大文" />
      </FormDialog>
    </div>
  );
}

/** The selected tab is the app's `selectedTab` (spec §3), so a change of path resets it to the first (§2). */
function TabsDemo() {
  const { t } = useTranslation('showcase');
  const state = useService(AppState);
  const labels = [t('tabs.first'), t('tabs.second'), t('tabs.third')];
  const tab = Math.min(useAppState('selectedTab'), labels.length - 1);
  const setTab = (index: number) => state.set({ selectedTab: index });
  return (
    <div>
      <div role="tablist" aria-label={t('tabs.label')} className="tabs">
        {labels.map((label, index) => (
          <button
            key={label}
            type="button"
            role="tab"
            id={`showcase-tab-${index}`}
            aria-selected={tab === index}
            aria-controls={`showcase-panel-${index}`}
            tabIndex={tab === index ? 0 : -1}
            className={tab === index ? 'tab active' : 'tab'}
            onClick={() => setTab(index)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = (tab + (event.key === 'ArrowRight' ? 1 : labels.length - 1)) % labels.length;
                setTab(next);
                document.getElementById(`showcase-tab-${next}`)?.focus();
              }
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`showcase-panel-${tab}`} aria-labelledby={`showcase-tab-${tab}`} className="tab-panel" tabIndex={0}>
        {t('tabs.content', { name: labels[tab] })}
      </div>
    </div>
  );
}
