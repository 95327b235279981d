import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../../domain/i18n/language';
import type { ApiError } from '../../application/api/ApiError';
import { screenValue } from '../../application/navigation/screenData';
import { ProfileService, type Profile } from '../../application/profile/ProfileService';
import type { ScreenProps } from '../app/ScreenProps';
import { DraftBanner } from '../components/DraftBanner';
import { TextField } from '../components/TextField';
import { useUnsavedChanges } from '../hooks/useUnsavedChanges';
import { useService } from '../services/ServicesContext';
import { useDraft } from '../hooks/useDraft';
import { DeleteAccountSection } from './account/DeleteAccountSection';
import { PasswordSection } from './account/PasswordSection';
import { PhotoSection } from './account/PhotoSection';
import { SessionsSection } from './account/SessionsSection';
import { TwoFactorSection } from './account/TwoFactorSection';

interface Fields {
  readonly name: string;
  readonly email: string;
  readonly language: Language;
}

type FieldErrors = Partial<Record<keyof Fields | 'current_password', readonly string[]>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Fields).name === 'string' &&
  typeof (value as Fields).email === 'string' &&
  isLanguage((value as Fields).language);

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
  const languageId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [saved, setSaved] = useState<Fields>({ name: profile.name, email: profile.email, language: profile.language });
  const [fields, setFields] = useState<Fields>(saved);
  const [version, setVersion] = useState(profile.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = fields.name !== saved.name || fields.email !== saved.email || fields.language !== saved.language;
  // The email is the sign-in name: changing it takes the current password.
  const emailChanged = fields.email.trim() !== saved.email;
  useUnsavedChanges(dirty);
  const draft = useDraft<Fields>(`profile:${version}`, dirty ? fields : null, isFields);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const explain = (error: ApiError) => {
    if (error.code === 'validation') {
      setErrors({ name: error.fields.name, email: error.fields.email, language: error.fields.language, current_password: error.fields.current_password });
      setProblem(error.fields.version ? error.message : null);
    } else {
      setProblem('message' in error && error.message ? error.message : t(`errors:code.${error.code}`));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const missing: FieldErrors = {
      ...(fields.name.trim() === '' ? { name: [t('required.name')] } : {}),
      ...(!EMAIL.test(fields.email.trim()) ? { email: [t(fields.email.trim() === '' ? 'required.email' : 'invalid.email')] } : {}),
      ...(emailChanged && currentPassword === '' ? { current_password: [t('required.currentPassword')] } : {}),
    };
    if (missing.name || missing.email || missing.current_password) {
      setErrors(missing);
      (missing.name ? nameRef : missing.email ? emailRef : currentPasswordRef).current?.focus();
      return;
    }
    setSaving(true);
    setErrors({});
    setProblem(null);
    const result = await service.save({ name: fields.name.trim(), email: fields.email.trim(), language: fields.language, version, ...(emailChanged ? { currentPassword } : {}) });
    setSaving(false);
    result.match((next) => {
      const now = { name: next.name, email: next.email, language: next.language };
      setSaved(now);
      setFields(now);
      setVersion(next.version);
      setCurrentPassword('');
    }, explain);
  };

  return (
    <section className="card form-card">
      <dl className="facts">
        <dt>{t('role')}</dt>
        <dd>{profile.isAdmin ? t('admin', { role: profile.role ?? '' }) : (profile.role ?? '—')}</dd>
        <dt>{t('branch')}</dt>
        <dd>{profile.branch ? (i18n.language === 'en' ? profile.branch.nameEn : profile.branch.nameZh) : '—'}</dd>
      </dl>
      {problem && (
        <p className="banner banner-danger" role="alert">
          {problem}
        </p>
      )}
      <DraftBanner draft={draft} onRestore={setFields} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={saving}>
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
        {emailChanged && (
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
        <div className="field">
          <label htmlFor={languageId}>{t('language')}</label>
          <select
            id={languageId}
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
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving || !dirty}>
            {saving ? t('saving') : t('save')}
          </button>
          <button type="button" className="button button-secondary" disabled={saving || !dirty} onClick={() => { setFields(saved); setCurrentPassword(''); setErrors({}); setProblem(null); }}>
            {t('discard')}
          </button>
        </div>
        <p className="hint">{t('reSignInHint')}</p>
      </form>
    </section>
  );
}
