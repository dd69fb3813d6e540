import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PASSWORD_MIN_LENGTH, ZNewPasswordRequest } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { validate } from '../../../lib/validation';

export const PASSWORD_MISMATCH = 'The passwords do not match.';

type NewPasswordFormProps = {
  submitLabel: string;
  isBusy: boolean;
  formError: string | null;
  /** A server message about the new password, shown at the field. */
  passwordError?: string | null;
  onSubmit: (newPassword: string) => void;
};

/** New password and its confirmation, checked against the shared password rules. */
export function NewPasswordForm({
  submitLabel,
  isBusy,
  formError,
  passwordError,
  onSubmit,
}: NewPasswordFormProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZNewPasswordRequest, { newPassword });
    const nextErrors = {
      newPassword: result.errors?.newPassword,
      confirmation: confirmation !== newPassword ? PASSWORD_MISMATCH : undefined,
    };
    setErrors(nextErrors);
    if (nextErrors.newPassword || nextErrors.confirmation) return;
    onSubmit(newPassword);
  };

  const newPasswordError = errors.newPassword ?? passwordError ?? undefined;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        autoFocus
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={Boolean(newPasswordError)}
        helperText={newPasswordError ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation}
      />
      <Button type="submit" variant="contained" size="large" disabled={isBusy}>
        {isBusy ? 'Processing...' : submitLabel}
      </Button>
    </Box>
  );
}
