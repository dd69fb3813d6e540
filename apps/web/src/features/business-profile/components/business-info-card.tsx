import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INDUSTRY_LABELS,
  INDUSTRY_TYPES,
  ZUpdateBusinessRequest,
  type IndustryType,
  type TBusiness,
  type TUpdateBusinessRequest,
} from '@app/contracts';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditableCard, FieldGrid, ReadOnlyField } from '../../../components/editable-card';
import { hasChanges } from '../../../lib/changed-fields';
import { useCardEdit } from '../../../lib/use-card-edit';
import {
  CURRENCY_OPTIONS,
  NO_LOGO_CHANGE,
  buildUpdateFormData,
  infoRequest,
  infoValues,
  timeZoneOptions,
  type InfoField,
  type LogoChange,
} from '../business-fields';
import { useUpdateBusinessProfileMutation } from '../business-profile.api';
import { BUSINESS_CONFIRMATIONS, BUSINESS_ERROR, BUSINESS_SUCCESS } from '../messages';
import { LogoEditor, LogoImage } from './business-logo';

type Pending = { request: TUpdateBusinessRequest; logo: File | null };

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

type BusinessInfoCardProps = {
  business: TBusiness;
  /** The downloaded logo (object URL), null while loading or without one. */
  logo: string | null;
  canEdit: boolean;
  onLogoChanged: () => void;
};

/**
 * Business details and "Additional Information" (000 section 2) under one Edit Business Info:
 * name, registration, contact, website and logo; industry, description, time zone and currency.
 */
export function BusinessInfoCard({ business, logo, canEdit, onLogoChanged }: BusinessInfoCardProps) {
  const loaded = useMemo(() => infoValues(business), [business]);
  const {
    formRef,
    alertRef,
    errors: fieldErrors,
    formError,
    isEditing,
    values,
    setValue,
    field: fieldProps,
    changes: readChanges,
    edit: startEdit,
    close: closeEdit,
    pending,
    cancelConfirmation,
    askIfValid,
    sendPending,
  } = useCardEdit<InfoField, Pending>(loaded);
  const [logoChange, setLogoChange] = useState<LogoChange>(NO_LOGO_CHANGE);
  const [updateBusiness, { isLoading }] = useUpdateBusinessProfileMutation();
  const zones = useMemo(() => timeZoneOptions(business.timeZone), [business.timeZone]);

  const edit = () => {
    setLogoChange(NO_LOGO_CHANGE);
    startEdit();
  };

  const save = () => {
    const changes = readChanges();
    const hasLogoChange = logoChange.file !== null || (logoChange.isRemoved && business.logoUrl !== null);
    if (!hasChanges(changes) && !hasLogoChange) {
      closeEdit();
      return;
    }
    const request = infoRequest(changes, logoChange);
    askIfValid(ZUpdateBusinessRequest, request, { request, logo: logoChange.file });
  };

  const confirm = () =>
    sendPending(
      async ({ request, logo: file }) => {
        await updateBusiness({ businessId: business.id, body: buildUpdateFormData(request, file) }).unwrap();
        if (file || request.removeLogo) onLogoChanged();
      },
      { success: BUSINESS_SUCCESS.info, failure: BUSINESS_ERROR },
    );

  const industry = business.industryType ? INDUSTRY_LABELS[business.industryType] : null;
  const website = business.websiteUrl ? (
    <Link href={business.websiteUrl} target="_blank" rel="noreferrer noopener">
      {business.websiteUrl}
    </Link>
  ) : null;

  return (
    <EditableCard
      title={business.businessName}
      editLabel="Edit Business Info"
      isEditing={isEditing}
      canEdit={canEdit}
      isSaving={isLoading}
      onEdit={edit}
      onSave={save}
      onClose={closeEdit}
      formRef={formRef}
      aside={isEditing ? null : <LogoImage src={logo} businessName={business.businessName} />}
    >
      {formError ? (
        <Alert ref={alertRef} severity="error">
          {formError}
        </Alert>
      ) : null}
      {isEditing ? (
        <FieldGrid>
          <LogoEditor
            current={business.logoUrl ? logo : null}
            businessName={business.businessName}
            change={logoChange}
            onChange={setLogoChange}
            error={fieldErrors.logo}
            disabled={isLoading}
          />
          <TextField label="Business name" required autoFocus {...fieldProps('businessName')} />
          <TextField label="Registration number" {...fieldProps('registrationNumber')} />
          <TextField label="E-mail" type="email" autoComplete="email" {...fieldProps('businessEmail')} />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            {...fieldProps('businessPhoneNumber')}
          />
          <TextField
            label="Website"
            type="url"
            placeholder="https://example.com"
            {...fieldProps('websiteUrl')}
          />
        </FieldGrid>
      ) : (
        <FieldGrid>
          <ReadOnlyField label="Registration number" value={business.registrationNumber} />
          <ReadOnlyField label="E-mail" value={business.businessEmail} />
          <ReadOnlyField label="Phone number" value={business.businessPhoneNumber} />
          <ReadOnlyField label="Website" value={website} />
        </FieldGrid>
      )}
      <Divider />
      <Typography variant="h6" component="h3">
        Additional Information
      </Typography>
      <FieldGrid>
        {isEditing ? (
          <>
            <TextField select label="Industry type" {...fieldProps('industryType')}>
              <MenuItem value="">
                <em>Not specified</em>
              </MenuItem>
              {INDUSTRY_TYPES.map((type: IndustryType) => (
                <MenuItem key={type} value={type}>
                  {INDUSTRY_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <ReadOnlyField label="Date established" value={formatDate(business.dateEstablished)} />
            <Autocomplete
              options={zones}
              value={values.timeZone}
              disableClearable
              autoHighlight
              onChange={(_event, value) => setValue('timeZone', value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Time zone"
                  name="timeZone"
                  error={Boolean(fieldErrors.timeZone)}
                  helperText={fieldErrors.timeZone ?? 'Days, weeks and reports are read in this zone.'}
                />
              )}
            />
            <TextField select label="Currency" {...fieldProps('currency')}>
              {CURRENCY_OPTIONS.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              multiline
              minRows={3}
              sx={{ gridColumn: '1 / -1' }}
              {...fieldProps('description')}
            />
          </>
        ) : (
          <>
            <ReadOnlyField label="Industry type" value={industry} />
            <ReadOnlyField label="Date established" value={formatDate(business.dateEstablished)} />
            <ReadOnlyField label="Time zone" value={business.timeZone} />
            <ReadOnlyField label="Currency" value={business.currency} />
            <ReadOnlyField label="Description" value={business.description} isWide />
          </>
        )}
        <ReadOnlyField label="Active" value={yesNo(business.active)} />
        <ReadOnlyField label="Stripe account" value={business.stripeAccountId} />
        <ReadOnlyField label="Stripe onboarding complete" value={yesNo(business.stripeOnboardingComplete)} />
      </FieldGrid>
      <ConfirmDialog
        open={pending !== null}
        title={BUSINESS_CONFIRMATIONS.info.title}
        message={BUSINESS_CONFIRMATIONS.info.message}
        onConfirm={() => void confirm()}
        onCancel={cancelConfirmation}
      />
    </EditableCard>
  );
}
