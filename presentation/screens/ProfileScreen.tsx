import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../domain/i18n/language';
import { emailChanged, profileChanged, saveProfile, type ProfileFields, type ProfileForm } from '../../application/account/profileForm';
import { screenValue } from '../../application/navigation/screenData';
import { ProfileService, type Profile } from '../../application/profile/ProfileService';
import type { ScreenProps } from '../app/ScreenProps';
import { DraftBanner } from '../components/DraftBanner';
import { FormAlert } from '../components/FormAlert';
import { LabelledField, TextField } from '../components/TextField';
import { useSubmit } from '../hooks/useSubmit';
import { useUnsavedChanges } from '../hooks/useUnsavedChanges';
import { useService } from '../services/ServicesContext';
import { useDraft } from '../hooks/useDraft';
import { DeleteAccountSection } from './account/DeleteAccountSection';
import { PasswordSection } from './account/PasswordSection';
import { PhotoSection } from './account/PhotoSection';
import { SessionsSection } from './account/SessionsSection';
import { TwoFactorSection } from './account/TwoFactorSection';

const FIELDS = ['name', 'email', 'language', 'current_password'];

const isFields = (value: unknown): value is ProfileFields =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProfileFields).name === 'string' &&
  typeof (value as ProfileFields).email === 'string' &&
  isLanguage((value as ProfileFields).language);

/** /user/profile: the signed-in user's name, email and interface language. */
export default function ProfileScreen({ data }: ScreenProps) {
  const { profile } = screenValue(data, 'profile');
  return (
    <div className="stack">
      <ProfileForm profile={profile} />
      <PhotoSection profile={profile} />
      <PasswordSection />
      <TwoFactorSection initialStatus={profile.twoFactor} />
      <SessionsSection />
      <DeleteAccountSection />
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const service = useService(ProfileService);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [saved, setSaved] = useState<ProfileFields>({ name: profile.name, email: profile.email, language: profile.language });
  const [fields, setFields] = useState<ProfileFields>(saved);
  const [version, setVersion] = useState(profile.version);
  const { busy, errors, message, submit, reset } = useSubmit((form: ProfileForm) => saveProfile(service, form), { fields: FIELDS });
  const dirty = profileChanged(fields, saved);
  const changedEmail = emailChanged(fields, saved);
  useUnsavedChanges(dirty);
  const draft = useDraft<ProfileFields>(`profile:${version}`, dirty ? fields : null, isFields);

  const set = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit({ fields, saved, version, currentPassword });
    result?.match(
      (next) => {
        const now = { name: next.name, email: next.email, language: next.language };
        setSaved(now);
        setFields(now);
        setVersion(next.version);
        setCurrentPassword('');
      },
      (problem) => {
        // What the form's own checks find wrong: the first such field takes the focus.
        if (problem.code !== 'invalid') return;
        const first = problem.fields.name ? nameRef : problem.fields.email ? emailRef : currentPasswordRef;
        first.current?.focus();
      },
    );
  };

  return (
    <section className="card form-card">
      <dl className="facts">
        <dt>{t('role')}</dt>
        <dd>{profile.isAdmin ? t('admin', { role: profile.role ?? '' }) : (profile.role ?? '—')}</dd>
        <dt>{t('branch')}</dt>
        <dd>{profile.branch ? (i18n.language === 'en' ? profile.branch.nameEn : profile.branch.nameZh) : '—'}</dd>
      </dl>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setFields} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField ref={nameRef} label={t('name')} name="name" autoComplete="name" value={fields.name} maxLength={255} onChange={(e) => set('name', e.target.value)} errors={errors.name} required />
        <TextField
          ref={emailRef}
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          value={fields.email}
          maxLength={255}
          onChange={(e) => set('email', e.target.value)}
          errors={errors.email}
          required
        />
        {changedEmail && (
          <TextField
            ref={currentPasswordRef}
            label={t('currentPassword')}
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            errors={errors.current_password}
            required
          />
        )}
        <LabelledField label={t('language')}>
          {(control) => (
            <select
              {...control}
              value={fields.language}
              onChange={(e) => {
                if (isLanguage(e.target.value)) set('language', e.target.value);
              }}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {t(`common:language.${code}`)}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy || !dirty}>
            {busy ? t('saving') : t('save')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy || !dirty}
            onClick={() => {
              setFields(saved);
              setCurrentPassword('');
              reset();
            }}
          >
            {t('discard')}
          </button>
        </div>
        <p className="hint">{t('reSignInHint')}</p>
      </form>
    </section>
  );
}
