import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TTillMember } from '@app/contracts';
import { formatMoney, toCents } from '../format';
import { maxCashbackPoints, memberName, type RedeemChoice, type TillReward } from '../loyalty';
import { NOT_A_MEMBER_HINT, NOT_A_MEMBER_TEXT } from '../messages';
import type { TillMemberState } from '../use-till-member';

type LoyaltyPanelProps = {
  state: TillMemberState;
  choice: RedeemChoice;
  onChoose: (choice: RedeemChoice) => void;
  totalCents: number;
  /** The typed cashback points' complaint, or the server's refusal of the redemption. */
  error: string | null;
  disabled: boolean;
};

const NONE = '';

/** "Free coffee · 2.50 off · 500 points"; a reward named by its value ("5.00 off") is not said twice. */
function rewardLabel(reward: TillReward): string {
  const value = `${formatMoney(reward.value)} off`;
  const parts = reward.name.includes(formatMoney(reward.value)) ? [reward.name] : [reward.name, value];
  return [...parts, `${reward.pointsCost.toLocaleString()} points`].join(' · ');
}

const points = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'point' : 'points'}`;

function RedeemControl({
  member,
  choice,
  onChoose,
  totalCents,
  error,
  disabled,
}: LoyaltyPanelProps & {
  member: TTillMember;
}) {
  if (member.programType === null)
    return (
      <Typography variant="caption" color="text.secondary">
        No loyalty programme is running: nothing to redeem.
      </Typography>
    );
  if (member.programType === 'CASHBACK') {
    const max = maxCashbackPoints(member, totalCents);
    return (
      <TextField
        label="Spend points"
        size="small"
        value={choice.type === 'points' ? choice.text : ''}
        onChange={(event) => onChoose({ type: 'points', text: event.target.value })}
        disabled={disabled || max === 0}
        error={error !== null}
        helperText={error ?? `Up to ${points(max)}, a point a cent (${formatMoney(max)} off)`}
        sx={{ maxWidth: 320 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
    );
  }
  const value = choice.type === 'reward' ? choice.rewardId : NONE;
  const chosen = member.rewards.find((reward) => reward.rewardId === value);
  const unused = chosen ? toCents(chosen.value) - totalCents : 0;
  return (
    <TextField
      select
      label="Redeem"
      size="small"
      value={value}
      onChange={(event) =>
        onChoose(
          event.target.value === NONE ? { type: 'none' } : { type: 'reward', rewardId: event.target.value },
        )
      }
      disabled={disabled || member.rewards.length === 0}
      error={error !== null}
      helperText={
        error ??
        (chosen && unused > 0
          ? `Worth ${formatMoney(chosen.value)}: this basket comes to ${formatMoney(totalCents)}, so ${formatMoney(unused)} of it goes unused.`
          : member.rewards.some((reward) => reward.affordable)
            ? undefined
            : 'Not enough points for a reward yet.')
      }
      sx={{ maxWidth: 320 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={NONE}>No reward</MenuItem>
      {member.rewards.map((reward) => (
        <MenuItem key={reward.rewardId} value={reward.rewardId} disabled={!reward.affordable}>
          {rewardLabel(reward)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Under the customer reference: who the reference names (her name or card code, tier and the
 * points she can spend) and what she redeems in this sale; "Not a loyalty member" when it names
 * nobody (the sale still records with the reference); nothing while it is empty.
 */
export function LoyaltyPanel(props: LoyaltyPanelProps) {
  const { state } = props;
  if (state.status === 'empty') return null;
  if (state.status === 'looking')
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        <CircularProgress size={14} color="inherit" />
        <Typography variant="body2">Looking for the member…</Typography>
      </Box>
    );
  if (state.status === 'none')
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, color: 'text.secondary' }}>
        <PersonOffOutlinedIcon fontSize="small" sx={{ mt: 0.25 }} aria-hidden="true" />
        <Box>
          <Typography variant="body2" color="text.primary">
            {NOT_A_MEMBER_TEXT}
          </Typography>
          <Typography variant="caption">{NOT_A_MEMBER_HINT}</Typography>
        </Box>
      </Box>
    );
  if (state.status === 'failed')
    return (
      <Typography role="alert" variant="body2" color="error">
        {state.message}
      </Typography>
    );
  const { member } = state;
  return (
    <Box
      role="group"
      aria-label="Loyalty member"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 1.5,
        maxWidth: 360,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CardMembershipOutlinedIcon fontSize="small" color="primary" aria-hidden="true" />
        <Typography variant="subtitle2" component="span" sx={{ mr: 'auto' }}>
          {memberName(member)}
          {member.name ? (
            <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 0.75 }}>
              {member.cardCode}
            </Typography>
          ) : null}
        </Typography>
        {member.tier ? <Chip size="small" label={member.tier} color="secondary" variant="outlined" /> : null}
        <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <strong>{member.points.toLocaleString()}</strong> {member.points === 1 ? 'point' : 'points'} to
          spend
        </Typography>
      </Box>
      <RedeemControl {...props} member={member} />
    </Box>
  );
}
