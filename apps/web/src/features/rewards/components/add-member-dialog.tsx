import TextField from '@mui/material/TextField';
import { ZLoyaltyMemberRequest } from '@app/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
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
  const [createMember, state] = useCreateLoyaltyMemberMutation();
  const form = useFormFields<MemberField>(
    { name: '', email: '', phone: '', cardCode: '' },
    { isDisabled: state.isLoading, labels: MEMBER_LABELS, idPrefix: 'member-', size: 'small' },
  );
  const { values, errors, field, showErrors, showServerError } = form;

  const submit = async () => {
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
    <FormDialog
      title="Add member"
      submitLabel="Add member"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      columns="1fr 1fr"
    >
      <TextField autoFocus autoComplete="off" sx={{ gridColumn: '1 / -1' }} {...field('name')} />
      <TextField type="email" autoComplete="off" {...field('email')} />
      <TextField type="tel" autoComplete="off" {...field('phone')} />
      <TextField
        autoComplete="off"
        {...field('cardCode')}
        helperText={errors.cardCode ?? 'Made for you when left empty.'}
      />
    </FormDialog>
  );
}
