// A new password and its confirmation, as accepting an invitation and resetting a password ask for them: the
// length rule beside the first, and each problem (passwordProblem) shown once the form was tried.
import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/account.ts';
import { useTranslation } from '../i18n/react.tsx';
import { passwordProblem } from './model.ts';
import '../i18n/areas/people.ts';

type Props = {
  password: string;
  confirm: string;
  onChange: (patch: { password?: string; confirm?: string }) => void;
  /** Whether the form was submitted once: problems show from then on. */
  tried: boolean;
  /** The server's word on the password, when it refused it. */
  serverError?: string;
  /** A first password (an invitation) rather than a new one (a reset). */
  first?: boolean;
  autoFocus?: boolean;
  testIdPrefix: string;
};

export function NewPasswordFields({ password, confirm, onChange, tried, serverError, first = false, autoFocus, testIdPrefix }: Props) {
  const { t } = useTranslation();
  const problem = passwordProblem(password, confirm);
  return (
    <>
      <PasswordInput
        label={t(first ? 'people.password.choose' : 'people.password.new')}
        description={t('people.password.rule', { count: PASSWORD_MIN_LENGTH })}
        value={password}
        onChange={(e) => onChange({ password: e.currentTarget.value })}
        error={serverError ?? (tried && problem === 'short' ? t('people.password.short', { count: PASSWORD_MIN_LENGTH }) : undefined)}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        data-testid={`${testIdPrefix}-password`}
      />
      <PasswordInput
        label={t('people.password.confirm')}
        value={confirm}
        onChange={(e) => onChange({ confirm: e.currentTarget.value })}
        error={tried && problem === 'mismatch' ? t('people.password.mismatch') : undefined}
        autoComplete="new-password"
        required
        data-testid={`${testIdPrefix}-confirm`}
      />
    </>
  );
}
