import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZLoyaltyMemberUpdate, type TLoyaltyEntry, type TLoyaltyMemberDetail } from '@app/contracts';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { FormAlert, type FormState } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useGetLoyaltyMemberQuery, useUpdateLoyaltyMemberMutation } from '../rewards.api';
import { MEMBER_FIELDS, MEMBER_LABELS, memberBody, type MemberField } from './add-member-dialog';

const count = new Intl.NumberFormat();
const signed = new Intl.NumberFormat(undefined, { signDisplay: 'exceptZero' });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const REASON_LABELS: Record<TLoyaltyEntry['reason'], string> = {
  EARN: 'Earned',
  REDEEM: 'Redeemed',
  EXPIRE: 'Expired',
  REFUND: 'Refunded',
  ADJUST: 'Correction',
};

/** How a member is named: her name, else her card. */
export const memberLabel = (member: { name: string | null; cardCode: string }) =>
  member.name || `Card ${member.cardCode}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

function History({ entries }: { entries: readonly TLoyaltyEntry[] }) {
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary">No points yet: a sale with her card earns the first.</Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 280 }}>
      <Table size="small" stickyHeader aria-label="Points history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell align="right">Points</TableCell>
            <TableCell align="right">Balance</TableCell>
            <TableCell>Expires</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.createdAt))}</TableCell>
              <TableCell>
                {REASON_LABELS[entry.reason]}
                {entry.note ? (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                    component="span"
                  >
                    {entry.note}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ color: entry.delta < 0 ? 'error.main' : 'success.main' }}>
                {signed.format(entry.delta)}
              </TableCell>
              <TableCell align="right">{count.format(entry.balance)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {entry.expiresAt ? day.format(new Date(entry.expiresAt)) : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type MemberFormProps = {
  /** The heading, and the form's accessible name. */
  title: string;
  description?: string;
  form: FormState;
  onSubmit: () => Promise<void>;
  /** The grid's columns of the fields; one column by default. */
  columns?: string;
  /** The submit button, if the user may send the form. */
  action: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** A form of the member's card: its heading, the alert for what no field shows, the fields, the button. */
function MemberForm({
  title,
  description,
  form: { formRef, alertRef, formError },
  onSubmit,
  columns,
  action,
  sx,
  children,
}: MemberFormProps) {
  return (
    <Box
      component="form"
      noValidate
      ref={formRef}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void onSubmit();
      }}
      aria-label={title}
      sx={sx}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: description ? 0 : 1.5 }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
      ) : null}
      <FormAlert form={{ alertRef, formError }} sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: 2 }}>{children}</Box>
      {action}
    </Box>
  );
}

function DetailsForm({ member, canUpdate }: { member: TLoyaltyMemberDetail; canUpdate: boolean }) {
  const [update, state] = useUpdateLoyaltyMemberMutation();
  const form = useFormFields<MemberField>(
    () => ({
      name: member.name ?? '',
      email: member.email ?? '',
      phone: member.phone ?? '',
      cardCode: member.cardCode,
    }),
    {
      isDisabled: !canUpdate || state.isLoading,
      labels: MEMBER_LABELS,
      idPrefix: 'member-detail-',
      size: 'small',
    },
  );
  const { values, field, showErrors, showServerError } = form;

  const submit = async () => {
    const body = memberBody(values);
    const result = validate(ZLoyaltyMemberUpdate, body);
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      await update({ id: member.id, body }).unwrap();
      notifySuccess(REWARDS_SUCCESS.updateMember);
    } catch (error) {
      showServerError(error, REWARDS_ERRORS.updateMember);
    }
  };

  return (
    <MemberForm
      title="Details"
      form={form}
      onSubmit={submit}
      action={
        canUpdate ? (
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={state.isLoading}>
            {state.isLoading ? 'Saving...' : 'Save details'}
          </Button>
        ) : null
      }
    >
      {MEMBER_FIELDS.map((name) => (
        <TextField key={name} {...field(name)} />
      ))}
    </MemberForm>
  );
}

const CORRECTION_LABELS = { delta: 'Points', note: 'Reason' };

function CorrectionForm({ member }: { member: TLoyaltyMemberDetail }) {
  const deltaRef = useRef<HTMLInputElement>(null);
  const isRefocusDue = useRef(false);
  const [update, state] = useUpdateLoyaltyMemberMutation();
  const form = useFormFields(
    { delta: '', note: '' },
    { isDisabled: state.isLoading, labels: CORRECTION_LABELS, idPrefix: 'member-', size: 'small' },
  );
  const { values, setValues, field, showErrors, showServerError } = form;
  // The fields and the button are disabled while sending, so the focus is lost to the dialog's
  // frame: once sent and enabled again, it goes to the points, ready for the next correction.
  useEffect(() => {
    if (state.isLoading || !isRefocusDue.current) return;
    isRefocusDue.current = false;
    deltaRef.current?.focus();
  });
  const toName = (path: string) => (path.startsWith('adjustment.') ? path.slice('adjustment.'.length) : path);

  const submit = async () => {
    const delta = values.delta.trim();
    const adjustment = { delta: delta === '' ? undefined : Number(delta), note: values.note };
    const result = validate(ZLoyaltyMemberUpdate, { adjustment });
    const found = Object.fromEntries(
      Object.entries(result.errors ?? {}).map(([path, text]) => [toName(path), text]),
    );
    showErrors(found);
    if (result.errors) return;
    try {
      // The details go along unchanged: the server has read a detail left out as one cleared.
      const details = { name: member.name, email: member.email, phone: member.phone };
      await update({
        id: member.id,
        body: { ...details, adjustment: { delta: Number(delta), note: values.note } },
      }).unwrap();
      isRefocusDue.current = true;
      notifySuccess(REWARDS_SUCCESS.adjust);
      setValues({ delta: '', note: '' });
    } catch (error) {
      showServerError(error, REWARDS_ERRORS.updateMember, toName);
    }
  };

  return (
    <MemberForm
      title="Correct the balance"
      description="Add points with a positive number, take them with a negative one."
      form={form}
      onSubmit={submit}
      columns="120px 1fr"
      sx={{ mt: 3 }}
      action={
        <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={state.isLoading}>
          Correct the balance
        </Button>
      }
    >
      <TextField {...field('delta')} inputRef={deltaRef} inputMode="numeric" />
      <TextField {...field('note')} />
    </MemberForm>
  );
}

/** A member: her figures, the history of her points, her details and a correction of the balance. */
export function MemberDialog({
  memberId,
  canUpdate,
  onClose,
}: {
  memberId: string;
  canUpdate: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const query = useGetLoyaltyMemberQuery(memberId);
  const member = query.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {member ? memberLabel(member) : 'Member'}
        {member ? (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            Card {member.cardCode} · member since {day.format(new Date(member.createdAt))}
          </Typography>
        ) : null}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {query.isError ? (
          <Alert severity="error">{getErrorMessage(query.error, REWARDS_ERRORS.member)}</Alert>
        ) : !member ? (
          <Box aria-busy="true" aria-label="Loading the member">
            <Skeleton height={64} />
            <Skeleton height={200} />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 280px', gap: 4 }}>
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, mb: 3 }}>
                <Figure label="Points" value={count.format(member.points)} />
                <Figure label="Lifetime points" value={count.format(member.lifetimePoints)} />
                <Figure label="Tier" value={member.tier ?? '—'} />
              </Box>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                History
              </Typography>
              <History entries={member.history} />
            </Box>
            <Box>
              <DetailsForm key={member.updatedAt} member={member} canUpdate={canUpdate} />
              {canUpdate ? <CorrectionForm member={member} /> : null}
            </Box>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
