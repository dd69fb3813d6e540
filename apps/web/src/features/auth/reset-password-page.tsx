import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../components/form-text-field';
import { ZResetPasswordRequest } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { useFormErrors } from '../../lib/use-form-errors';
import { validate } from '../../lib/validation';
import { AUTH_MESSAGES, useRequestPasswordResetMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';

/** Asks for a reset link; the server answers the same whether or not the address exists. */
export function ResetPasswordPage() {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  // The sign-in page hands over the address typed there ("Reset your password").
  const handedEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(
    typeof handedEmail === 'string' && handedEmail.includes('@') ? handedEmail : '',
  );
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const fieldError = errors.email;
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZResetPasswordRequest, { email: email.trim() });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      const response = await requestReset(result.data).unwrap();
      setSentMessage(response.message);
    } catch (error) {
      showServerError(error, AUTH_MESSAGES.resetRequest);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      {sentMessage ? (
        <Alert severity="success">{sentMessage}</Alert>
      ) : (
        <Box
          component="form"
          noValidate
          ref={formRef}
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 2 }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <FormTextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clearError('email');
            }}
            error={Boolean(fieldError)}
            helperText={fieldError}
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send reset link'}
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
