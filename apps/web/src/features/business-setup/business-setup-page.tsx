import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INDUSTRY_LABELS,
  INDUSTRY_TYPES,
  LOGO_MIME_TYPES,
  ZCreateBusinessRequest,
  isTimeZone,
  type IndustryType,
  type TCreateBusinessRequest,
} from '@app/contracts';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { FileChooser } from '../../components/file-chooser';
import { notifySuccess } from '../../components/toast';
import { completeUrl } from '../../lib/url';
import { useFormErrors } from '../../lib/use-form-errors';
import { validate } from '../../lib/validation';
import { loggedOut, selectBusinessId, selectSessionUser } from '../../session/session.slice';
import { saveSignInHandOff } from '../../session/sign-in-hand-off';
import { buildBusinessFormData, checkLogo } from './business-form-data';
import { SetupSuccessPanel } from './components/setup-success-panel';
import {
  BUSINESS_ERROR_MESSAGE,
  hasAddressOnFile,
  useCreateBusinessMutation,
  useGetSetupUserQuery,
} from './business-setup.api';

/**
 * The browser's IANA time zone, which the business's days and weeks are read in (DESIGN 13);
 * undefined (the server's UTC) when the browser names none the contract knows.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** Delay before the owner is signed out to pick up the new business id (000 section 9). */
export const SETUP_LOGOUT_DELAY_MS = 3000;

const EMPTY_VALUES = {
  businessName: '',
  registrationNumber: '',
  businessEmail: '',
  businessPhoneNumber: '',
  websiteUrl: '',
  industryType: '' as IndustryType | '',
  description: '',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};
type FormValues = typeof EMPTY_VALUES;
type FieldName = keyof FormValues;

const ADDRESS_FIELDS = ['street', 'city', 'state', 'postalCode', 'country'] as const;

/** Field errors arrive with dotted paths ("address.city"); the form names fields flat. */
const toFieldName = (path: string) => path.replace(/^address\./, '');

function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) result[toFieldName(path)] = message;
  return result;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ display: 'grid', gridTemplateColumns: '240px 1fr', gap: 4, py: 3 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 2,
          alignContent: 'start',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * "Complete Your Business Profile": the owner's first step after registering (000 section 2).
 * An owner whose business is set up already goes to the dashboard: a second one would be refused.
 */
export function BusinessSetupPage() {
  const businessId = useSelector(selectBusinessId);
  if (businessId) return <Navigate to="/dashboard" replace />;
  return <BusinessSetupForm />;
}

function BusinessSetupForm() {
  const sessionUser = useSelector(selectSessionUser);
  const userId = sessionUser?.userId ?? '';
  const { data: user, isLoading: isUserLoading } = useGetSetupUserQuery(userId, { skip: !userId });
  const [createBusiness, { isLoading }] = useCreateBusinessMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  const [useUserAddress, setUseUserAddress] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  // What the success panel shows: the saved name and the logo as chosen (the form is cleared).
  const [done, setDone] = useState<{ businessName: string; logo: File | null } | null>(null);
  const isDone = done !== null;

  const hasAddress = hasAddressOnFile(user?.address);
  const isUsingAddressOnFile = hasAddress && useUserAddress;
  const name = user?.fullName || sessionUser?.fullName || sessionUser?.email || '';

  // The new token must carry the business: sign out, and let /login greet the owner with her
  // address filled in (read once there).
  const email = sessionUser?.email ?? '';
  const signInAgain = useCallback(() => {
    saveSignInHandOff({ reason: 'business-set-up', email });
    dispatch(loggedOut({ isByUser: true }));
    void navigate('/login', { replace: true });
  }, [dispatch, navigate, email]);

  useEffect(() => {
    if (!isDone) return undefined;
    const timer = window.setTimeout(signInAgain, SETUP_LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signInAgain, isDone]);

  const field = (fieldName: FieldName) => ({
    name: fieldName,
    id: `business-${fieldName}`,
    value: values[fieldName],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [fieldName]: event.target.value }));
      clearError(fieldName);
    },
    error: Boolean(errors[fieldName]),
    helperText: errors[fieldName],
    disabled: isLoading || isDone,
  });

  const chooseLogo = (file: File | null) => {
    const problem = file ? checkLogo(file) : null;
    setLogoError(problem);
    setLogo(problem ? null : file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: TCreateBusinessRequest = {
      businessName: values.businessName,
      registrationNumber: values.registrationNumber,
      businessEmail: values.businessEmail.trim(),
      businessPhoneNumber: values.businessPhoneNumber,
      websiteUrl: completeUrl(values.websiteUrl),
      industryType: values.industryType || undefined,
      description: values.description,
      useUserAddress: isUsingAddressOnFile,
      address: isUsingAddressOnFile
        ? undefined
        : {
            street: values.street,
            city: values.city,
            state: values.state,
            postalCode: values.postalCode,
            country: values.country,
          },
      timeZone: browserTimeZone(),
    };
    const result = validate(ZCreateBusinessRequest, input);
    showErrors(result.errors ? toFormErrors(result.errors) : {});
    if (result.errors) return;
    try {
      const business = await createBusiness(buildBusinessFormData(result.data, logo)).unwrap();
      setDone({ businessName: business.businessName || result.data.businessName, logo });
      setValues(EMPTY_VALUES);
      setLogo(null);
      setUseUserAddress(false);
      notifySuccess('Business profile saved.');
    } catch (error) {
      console.error('Business creation failed', error);
      showServerError(error, BUSINESS_ERROR_MESSAGE, toFieldName);
    }
  };

  return (
    <Box sx={{ maxWidth: 1040 }}>
      <Typography variant="h2" component="h1">
        Complete Your Business Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {isUserLoading ? (
          <Skeleton width={280} />
        ) : (
          <>Welcome{name ? `, ${name}` : ''}! Tell us about your business to start using your dashboard.</>
        )}
      </Typography>
      {done ? (
        <SetupSuccessPanel
          businessName={done.businessName}
          logo={done.logo}
          delayMs={SETUP_LOGOUT_DELAY_MS}
          onSignInNow={signInAgain}
        />
      ) : null}
      <Paper variant="outlined" sx={{ px: 4, py: 1 }}>
        <Box
          component="form"
          noValidate
          ref={formRef}
          onSubmit={(event) => void submit(event)}
          aria-label="Business profile"
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mt: 3 }}>
              {formError}
            </Alert>
          ) : null}
          <Section title="Business details" description="How your business appears to staff and customers.">
            <TextField label="Business name" required autoFocus {...field('businessName')} />
            <TextField label="Registration number" {...field('registrationNumber')} />
            <TextField label="E-mail" type="email" autoComplete="email" {...field('businessEmail')} />
            <TextField label="Phone number" type="tel" autoComplete="tel" {...field('businessPhoneNumber')} />
            <TextField
              label="Website"
              type="url"
              placeholder="https://example.com"
              {...field('websiteUrl')}
              onBlur={() =>
                setValues((current) => ({ ...current, websiteUrl: completeUrl(current.websiteUrl) }))
              }
            />
            <TextField select label="Industry type" {...field('industryType')}>
              <MenuItem value="">
                <em>Not specified</em>
              </MenuItem>
              {INDUSTRY_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {INDUSTRY_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              multiline
              minRows={3}
              sx={{ gridColumn: '1 / -1' }}
              {...field('description')}
            />
          </Section>
          <Divider />
          <Section title="Address" description="Where your business is registered.">
            {hasAddress ? (
              <FormControlLabel
                sx={{ gridColumn: '1 / -1' }}
                control={
                  <Checkbox
                    checked={useUserAddress}
                    onChange={(event) => setUseUserAddress(event.target.checked)}
                    disabled={isLoading || isDone}
                  />
                }
                label="Use my address on file"
              />
            ) : null}
            {isUsingAddressOnFile
              ? null
              : ADDRESS_FIELDS.map((fieldName) => (
                  <TextField
                    key={fieldName}
                    label={ADDRESS_LABELS[fieldName]}
                    autoComplete={ADDRESS_AUTOCOMPLETE[fieldName]}
                    sx={fieldName === 'street' ? { gridColumn: '1 / -1' } : undefined}
                    {...field(fieldName)}
                  />
                ))}
          </Section>
          <Divider />
          <Section title="Branding" description="A logo in JPEG, PNG or WebP, up to 5 MB.">
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FileChooser
                file={logo}
                onChange={chooseLogo}
                accept={LOGO_MIME_TYPES}
                label="Business logo"
                name="logo"
                buttonLabel="Choose File"
                error={logoError ?? errors.logo}
                isRemovable
                disabled={isLoading || isDone}
              />
            </Box>
          </Section>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 3 }}>
            <Button type="submit" variant="contained" size="large" disabled={isLoading || isDone}>
              {isLoading ? 'Processing...' : 'Save'}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

const ADDRESS_LABELS: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  street: 'Street',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
};

const ADDRESS_AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  street: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country-name',
};
