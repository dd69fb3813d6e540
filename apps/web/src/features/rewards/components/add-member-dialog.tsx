import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZLoyaltyMemberRequest } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useCreateLoyaltyMemberMutation } from '../rewards.api';

export const MEMBER_FIELDS = ['name', 'email', 'phone', 'cardCode'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

export const MEMBER_LABELS: Record<MemberField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  cardCode: 'Card code',
};

/** The details as the contract reads them: a blank card code is left out (the server makes one). */
export function memberBody(values: Record<MemberField, string>) {
  const cardCode = values.cardCode.trim();
  return {
    name: values.name,
    email: values.email.trim(),
    phone: values.phone,
    ...(cardCode ? { cardCode } : {}),
  };
}

/** Signs a shopper up: a name and how to reach her, and the card code if she has a card already. */
export function AddMemberDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [values, setValues] = useState<Record<MemberField, string>>({
    name: '',
    email: '',
    phone: '',
    cardCode: '',
  });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createMember, state] = useCreateLoyaltyMemberMutation();

  const field = (name: MemberField) => ({
    name,
    id: `member-${name}`,
    label: MEMBER_LABELS[name],
    value: values[name],
    size: 'small' as const,
    disabled: state.isLoading,
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = memberBody(values);
    const result = validate(ZLoyaltyMemberRequest, body);
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      await createMember(body).unwrap();
      notifySuccess(REWARDS_SUCCESS.createMember);
      onClose();
    } catch (error) {
      showServerError(error, REWARDS_ERRORS.createMember);
    }
  };

  return (
    <Dialog
      open
      onClose={state.isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Add member</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          <TextField autoFocus autoComplete="off" sx={{ gridColumn: '1 / -1' }} {...field('name')} />
          <TextField type="email" autoComplete="off" {...field('email')} />
          <TextField type="tel" autoComplete="off" {...field('phone')} />
          <TextField
            autoComplete="off"
            {...field('cardCode')}
            helperText={errors.cardCode ?? 'Made for you when left empty.'}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {state.isLoading ? 'Saving...' : 'Add member'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
