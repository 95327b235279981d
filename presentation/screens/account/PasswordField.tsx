import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';

/** "Enter your password to continue": asked again before each sensitive change. */
export const PasswordField = forwardRef<HTMLInputElement, { value: string; onChange: (value: string) => void; errors?: readonly string[] | undefined; name: string }>(
  function PasswordField({ value, onChange, errors, name }, ref) {
    const { t } = useTranslation('account');
    return (
      <TextField
        ref={ref}
        label={t('confirmPassword')}
        type="password"
        name={name}
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        errors={errors}
      />
    );
  },
);
