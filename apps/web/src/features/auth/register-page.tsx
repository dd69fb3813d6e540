import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../components/form-text-field';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH, ZRegisterRequest } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { RouterLink } from '../../components/router-link';
import { PasswordField } from '../../components/password-field';
import { useFormErrors } from '../../lib/use-form-errors';
import { validate, withoutEmptyStrings } from '../../lib/validation';
import { AUTH_MESSAGES, useRegisterMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';

const EMPTY = { fullName: '', email: '', password: '', username: '', phoneNumber: '' };

/** Self-registration of a business owner; the e-mail must be verified before signing in. */
export function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState(EMPTY);
  const {
    formRef,
    alertRef,
    errors: fieldErrors,
    formError,
    showErrors,
    showServerError,
    clearError,
  } = useFormErrors();
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null);

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [name]: event.target.value });
      clearError(name);
    },
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZRegisterRequest, withoutEmptyStrings(values));
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      const response = await register(result.data).unwrap();
      setRegistered({ email: response.email, message: response.message });
      setValues(EMPTY);
    } catch (error) {
      showServerError(error, AUTH_MESSAGES.register);
    }
  };

  if (registered) {
    return (
      <AuthLayout title="Check your e-mail">
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography>
            We sent an e-mail to <strong>{registered.email}</strong>. Open it and follow its link to continue.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            It can take a minute; check your spam folder too.
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            Go to sign in
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start with the free plan. No card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </>
      }
    >
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
        <FormTextField label="Full name" autoComplete="name" required autoFocus {...field('fullName')} />
        <FormTextField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          {...field('password')}
          helperText={fieldErrors.password ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <FormTextField label="Username (optional)" autoComplete="username" {...field('username')} />
        <FormTextField
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
          {...field('phoneNumber')}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {isLoading ? 'Creating account...' : 'Create account'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
