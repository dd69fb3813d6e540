import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '../../../api/api-error';
import { FormTextField } from '../../../components/form-text-field';
import { AUTH_MESSAGES } from '../auth.api';
import { useResendVerificationMutation } from '../verification.api';

export const SEND_NEW_LINK = 'Send a new link';
const EMAIL_NEEDED = 'Enter the e-mail address you signed up with.';

type ResendVerificationFormProps = {
  initialEmail?: string;
  /** Beside another form (sign-in): a secondary button, so the page keeps one primary action. */
  isSecondary?: boolean;
};

/** An e-mail field and "Send a new link": mails a fresh verification link (same answer for all). */
export function ResendVerificationForm({
  initialEmail = '',
  isSecondary = false,
}: ResendVerificationFormProps) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentText, setSentText] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setSentText(null);
    const trimmed = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
      setEmailError(EMAIL_NEEDED);
      return;
    }
    setEmailError(null);
    try {
      setSentText((await resend({ email: trimmed }).unwrap()).message);
    } catch (error) {
      setEmailError(getFieldErrors(error).email?.[0] ?? null);
      setFormError(getErrorMessage(error, AUTH_MESSAGES.generic));
    }
  };

  if (sentText) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {sentText}
        </Alert>
        <Button size="small" onClick={() => setSentText(null)}>
          Send to another address
        </Button>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Send a new verification link"
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <FormTextField
        label="E-mail"
        name="verificationEmail"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(emailError)}
        helperText={emailError ?? undefined}
      />
      <Button
        type="submit"
        variant={isSecondary ? 'outlined' : 'contained'}
        size={isSecondary ? 'medium' : 'large'}
        disabled={isLoading}
      >
        {isLoading ? 'Sending...' : SEND_NEW_LINK}
      </Button>
    </Box>
  );
}
