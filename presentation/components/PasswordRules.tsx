import { useTranslation } from 'react-i18next';
import { checkPassword, type PasswordRuleCode } from '../../domain/auth/password-policy';

const RULES: readonly PasswordRuleCode[] = ['passwordTooShort', 'passwordNeedsUppercase', 'passwordNeedsLowercase', 'passwordNeedsDigit', 'passwordConfirmationMismatch'];

/** The password policy as a checklist that updates while the user types (the domain's own rule). */
export function PasswordRules({ password, confirmation, id }: { password: string; confirmation: string; id?: string }) {
  const { t } = useTranslation('auth');
  const result = checkPassword(password, confirmation);
  const unmet = new Set(result.isErr() ? result.error.rules : []);
  return (
    <ul className="password-rules" id={id} aria-label={t('password.rulesLabel')}>
      {RULES.map((rule) => {
        const met = !unmet.has(rule);
        return (
          <li key={rule} className={met ? 'rule-met' : 'rule-unmet'}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`password.rules.${rule}`)}
            <span className="visually-hidden"> {met ? t('password.met') : t('password.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
