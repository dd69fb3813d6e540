import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PASSWORD_MIN_LENGTH, ZNewPasswordRequest } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { useFormErrors } from '../../../lib/use-form-errors';
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
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  // The server's message about the password goes once the password is edited.
  const [editedPasswordError, setEditedPasswordError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZNewPasswordRequest, { newPassword });
    const nextErrors: Record<string, string> = {};
    if (result.errors?.newPassword) nextErrors.newPassword = result.errors.newPassword;
    if (confirmation !== newPassword) nextErrors.confirmPassword = PASSWORD_MISMATCH;
    showErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    onSubmit(newPassword);
  };

  const newPasswordError =
    errors.newPassword ?? (passwordError === editedPasswordError ? null : passwordError) ?? undefined;
  return (
    <Box component="form" noValidate ref={formRef} onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        autoFocus
        value={newPassword}
        onChange={(event) => {
          setNewPassword(event.target.value);
          clearError('newPassword');
          setEditedPasswordError(passwordError ?? null);
        }}
        error={Boolean(newPasswordError)}
        helperText={newPasswordError ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          clearError('confirmPassword');
        }}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword}
      />
      <Button type="submit" variant="contained" size="large" disabled={isBusy}>
        {isBusy ? 'Processing...' : submitLabel}
      </Button>
    </Box>
  );
}
