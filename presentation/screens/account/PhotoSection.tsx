import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileService, type Profile } from '../../../application/profile/ProfileService';
import { FormAlert } from '../../components/FormAlert';
import { StoredImage } from '../../components/StoredImage';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';

/** The profile photo: an image of at most 5 MB (checked here and again on the server). */
export function PhotoSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const problems = useProblemWords();
  const service = useService(ProfileService);
  const inputId = useId();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [photoUrl, setPhotoUrl] = useState(profile.photoUrl);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => ReturnType<ProfileService['removePhoto']>) => {
    setBusy(true);
    setMessage(null);
    const result = await action();
    setBusy(false);
    if (input.current) input.current.value = '';
    result.match(
      (next) => setPhotoUrl(next.photoUrl),
      (error) => setMessage(problems.say(error)),
    );
  };

  const initials = profile.name.trim().slice(0, 1).toUpperCase();
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('photo.title')}</h2>
      <div className="photo-row">
        {photoUrl ? (
          <StoredImage className="avatar avatar-large" path={photoUrl} alt={t('photo.alt', { name: profile.name })} width={80} height={80} />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <label htmlFor={inputId} className="field-label">
            {t('photo.choose')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void act(() => service.uploadPhoto(file));
            }}
          />
          <p className="hint">{t('photo.hint')}</p>
          {photoUrl && (
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => void act(() => service.removePhoto())}>
              {t('photo.remove')}
            </button>
          )}
        </div>
      </div>
      <FormAlert message={message} />
    </section>
  );
}
