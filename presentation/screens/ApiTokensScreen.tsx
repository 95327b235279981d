import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKEN_ABILITIES } from '../../domain/auth/tokenAbilities';
import { createApiToken, NEW_API_TOKEN, withAbility, type ApiTokenDraft } from '../../application/account/apiTokenForm';
import { screenValue } from '../../application/navigation/screenData';
import { ApiTokens, type ApiToken } from '../../application/ports/ApiTokens';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import type { ScreenProps } from '../app/ScreenProps';
import { FormAlert } from '../components/FormAlert';
import { TextField } from '../components/TextField';
import { formatDateTime } from '../format/dateTime';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';

/**
 * /user/api-tokens: personal tokens for programs that call the API. A new token is shown once, to
 * copy; afterwards only its name, abilities and last use are known.
 */
export default function ApiTokensScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('account');
  const service = useService(ApiTokens);
  const confirmation = useService(ConfirmationService);
  const abilitiesId = useId();
  const abilitiesHintId = useId();
  const [tokens, setTokens] = useState<readonly ApiToken[]>(() => screenValue(data, 'apiTokens').tokens);
  const [draft, setDraft] = useState<ApiTokenDraft>(NEW_API_TOKEN);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { busy, errors, message, submit, show } = useSubmit((next: ApiTokenDraft) => createApiToken(service, next), { fields: ['name', 'abilities'] });

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(draft);
    if (!result?.isOk()) return;
    const { token, plainTextToken } = result.value;
    setTokens((list) => [token, ...list]);
    setCreated(plainTextToken);
    setCopied(false);
    setDraft((current) => ({ ...current, name: '' }));
  };

  const onRevoke = async (token: ApiToken) => {
    if (!(await confirmation.ask({ kind: 'delete', values: { name: token.name } }))) return;
    const result = await service.revoke(token.id);
    result.match(() => setTokens((list) => list.filter((t) => t.id !== token.id)), show);
  };

  return (
    <div className="stack">
      <section className="card form-card">
        <h2>{t('tokens.create')}</h2>
        <p>{t('tokens.explain')}</p>
        <FormAlert message={message} />
        {created && (
          <div className="banner banner-success" role="status">
            <p>{t('tokens.showOnce')}</p>
            <p>
              <code className="token-value">{created}</code>
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(created).then(() => setCopied(true));
              }}
            >
              {copied ? t('tokens.copied') : t('tokens.copy')}
            </button>
          </div>
        )}
        <form noValidate onSubmit={(event) => void onCreate(event)} aria-busy={busy}>
          <TextField label={t('tokens.name')} name="name" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} errors={errors.name} />
          <fieldset className="checkbox-group" aria-describedby={errors.abilities ? `${abilitiesHintId} ${abilitiesId}` : abilitiesHintId}>
            <legend>{t('tokens.abilities')}</legend>
            <p id={abilitiesHintId} className="hint">
              {t('tokens.abilitiesHint')}
            </p>
            {TOKEN_ABILITIES.map((ability) => (
              <label key={ability} className="checkbox">
                <input type="checkbox" checked={draft.abilities.includes(ability)} onChange={(e) => setDraft({ ...draft, abilities: withAbility(draft.abilities, ability, e.target.checked) })} /> {t(`tokens.ability.${ability}`)}
              </label>
            ))}
            {errors.abilities && (
              <p id={abilitiesId} className="field-errors">
                {errors.abilities.join(' ')}
              </p>
            )}
          </fieldset>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('tokens.submit')}
          </button>
        </form>
      </section>

      <section className="card">
        <h2>{t('tokens.listTitle')}</h2>
        {tokens.length === 0 ? (
          <p>{t('tokens.empty')}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('tokens.name')}</th>
                  <th scope="col">{t('tokens.abilities')}</th>
                  <th scope="col">{t('tokens.lastUsed')}</th>
                  <th scope="col">{t('tokens.createdAt')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('tokens.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id}>
                    <td>{token.name}</td>
                    <td>{token.abilities.map((a) => t(`tokens.ability.${a}`)).join('、')}</td>
                    <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt, i18n.language) : t('tokens.never')}</td>
                    <td>{formatDateTime(token.createdAt, i18n.language)}</td>
                    <td>
                      <button type="button" className="button button-secondary" onClick={() => void onRevoke(token)} aria-label={t('tokens.revokeNamed', { name: token.name })}>
                        {t('tokens.revoke')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
