import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LOYALTY_MAX_REWARDS, LOYALTY_MAX_TIERS } from '@app/contracts';
import type { ReactNode } from 'react';
import { newReward, newTier, type RewardDraft, type RulesDraft, type TierDraft } from '../rules-draft';

type RulesFormProps = {
  draft: RulesDraft;
  onChange: (draft: RulesDraft) => void;
  /** Messages by field path (`tiers.1.threshold`). */
  errors: Record<string, string>;
  /** A field changed: its error no longer applies. */
  onFieldChange: (name: string) => void;
  /** The currency's symbol, for the money fields. */
  currencySymbol: string;
  disabled?: boolean;
};

type ScalarField =
  | 'pointsPerUnit'
  | 'visitsForReward'
  | 'minimumSpend'
  | 'rewardName'
  | 'rewardValue'
  | 'percent'
  | 'expiryMonths';

/** The error path of a scalar field (the visit reward's fields sit in `reward`). */
const PATHS: Record<ScalarField, string> = {
  pointsPerUnit: 'pointsPerUnit',
  visitsForReward: 'visitsForReward',
  minimumSpend: 'minimumSpend',
  rewardName: 'reward.name',
  rewardValue: 'reward.value',
  percent: 'percent',
  expiryMonths: 'expiryMonths',
};

function Section({
  title,
  name,
  error,
  children,
}: {
  title: string;
  name?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" name={name} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}

/**
 * The settings of a programme's rules, fitted to its type: points per unit, tiers and rewards;
 * a stamp card's visits, minimum spend and reward; a cashback percent; and for all, how long points
 * are kept. The type itself is chosen by the caller.
 */
export function RulesForm({
  draft,
  onChange,
  errors,
  onFieldChange,
  currencySymbol,
  disabled = false,
}: RulesFormProps) {
  const money = {
    input: { startAdornment: <InputAdornment position="start">{currencySymbol}</InputAdornment> },
  };

  const scalar = (field: ScalarField, label: string) => ({
    name: PATHS[field],
    id: `rules-${PATHS[field]}`,
    label,
    value: draft[field],
    size: 'small' as const,
    disabled,
    error: Boolean(errors[PATHS[field]]),
    helperText: errors[PATHS[field]],
    onChange: (event: { target: { value: string } }) => {
      onChange({ ...draft, [field]: event.target.value });
      onFieldChange(PATHS[field]);
    },
  });

  const rowField = <Row extends TierDraft | RewardDraft>(
    list: 'tiers' | 'rewards',
    rows: Row[],
    index: number,
    field: keyof Row & string,
    label: string,
  ) => {
    const name = `${list}.${index}.${field}`;
    const row = rows[index] as Row;
    return {
      name,
      id: `rules-${name}`,
      label,
      value: row[field] as string,
      size: 'small' as const,
      disabled,
      error: Boolean(errors[name]),
      helperText: errors[name],
      onChange: (event: { target: { value: string } }) => {
        const next = rows.map((item, i) => (i === index ? { ...item, [field]: event.target.value } : item));
        onChange({ ...draft, [list]: next });
        onFieldChange(name);
        onFieldChange(list);
      },
    };
  };

  const removeRow = (list: 'tiers' | 'rewards', index: number) => {
    onChange({ ...draft, [list]: draft[list].filter((_row, i) => i !== index) });
    onFieldChange(list);
  };

  const isPoints = draft.type === 'POINTS' || draft.type === 'TIERED';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {isPoints ? (
        <TextField
          {...scalar('pointsPerUnit', 'Points per unit spent')}
          inputMode="decimal"
          sx={{ maxWidth: 260 }}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">per {currencySymbol}1</InputAdornment> },
          }}
        />
      ) : null}

      {draft.type === 'TIERED' ? (
        <Section title="Tiers" name="tiers" error={errors.tiers}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            A member reaches a tier by the points she earned ever; the first starts at 0.
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {draft.tiers.map((tier, index) => (
              <Box
                key={tier.key}
                role="group"
                aria-label={`Tier ${index + 1}`}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '2fr 1.5fr 1fr auto',
                  gap: 1.5,
                  alignItems: 'start',
                }}
              >
                <TextField {...rowField('tiers', draft.tiers, index, 'name', 'Tier name')} />
                <TextField
                  {...rowField('tiers', draft.tiers, index, 'threshold', 'From points')}
                  inputMode="numeric"
                />
                <TextField
                  {...rowField('tiers', draft.tiers, index, 'multiplier', 'Multiplier')}
                  inputMode="decimal"
                />
                <Tooltip title="Remove tier">
                  <span>
                    <IconButton
                      aria-label={`Remove tier ${index + 1}`}
                      onClick={() => removeRow('tiers', index)}
                      disabled={disabled || draft.tiers.length <= 2}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            ))}
          </Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            disabled={disabled || draft.tiers.length >= LOYALTY_MAX_TIERS}
            onClick={() => onChange({ ...draft, tiers: [...draft.tiers, newTier()] })}
          >
            Add tier
          </Button>
        </Section>
      ) : null}

      {isPoints ? (
        <Section title="Rewards" name="rewards" error={errors.rewards}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            What points buy at the till. The id is what the till names; keep it when you rename a reward.
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {draft.rewards.map((reward, index) => (
              <Box
                key={reward.key}
                role="group"
                aria-label={`Reward ${index + 1}`}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '1.3fr 1.7fr 1fr 1fr auto',
                  gap: 1.5,
                  alignItems: 'start',
                }}
              >
                <TextField {...rowField('rewards', draft.rewards, index, 'rewardId', 'Id')} />
                <TextField {...rowField('rewards', draft.rewards, index, 'name', 'Reward name')} />
                <TextField
                  {...rowField('rewards', draft.rewards, index, 'pointsCost', 'Points')}
                  inputMode="numeric"
                />
                <TextField
                  {...rowField('rewards', draft.rewards, index, 'value', 'Value')}
                  inputMode="decimal"
                  slotProps={money}
                />
                <Tooltip title="Remove reward">
                  <span>
                    <IconButton
                      aria-label={`Remove reward ${index + 1}`}
                      onClick={() => removeRow('rewards', index)}
                      disabled={disabled || draft.rewards.length <= 1}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            ))}
          </Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            disabled={disabled || draft.rewards.length >= LOYALTY_MAX_REWARDS}
            onClick={() => onChange({ ...draft, rewards: [...draft.rewards, newReward()] })}
          >
            Add reward
          </Button>
        </Section>
      ) : null}

      {draft.type === 'VISITS' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField {...scalar('visitsForReward', 'Visits for the reward')} inputMode="numeric" />
          <TextField
            {...scalar('minimumSpend', 'Minimum spend of a visit')}
            inputMode="decimal"
            slotProps={money}
          />
          <TextField {...scalar('rewardName', 'Reward name')} />
          <TextField {...scalar('rewardValue', 'Reward value')} inputMode="decimal" slotProps={money} />
        </Box>
      ) : null}

      {draft.type === 'CASHBACK' ? (
        <TextField
          {...scalar('percent', 'Cashback')}
          inputMode="decimal"
          sx={{ maxWidth: 200 }}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
      ) : null}

      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <TextField
          {...scalar('expiryMonths', draft.type === 'VISITS' ? 'Stamps kept for' : 'Points kept for')}
          inputMode="numeric"
          disabled={disabled || draft.isNeverExpiring}
          sx={{ maxWidth: 200 }}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">months</InputAdornment> } }}
        />
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Checkbox
              checked={draft.isNeverExpiring}
              disabled={disabled}
              onChange={(event) => {
                onChange({ ...draft, isNeverExpiring: event.target.checked });
                onFieldChange('expiryMonths');
              }}
            />
          }
          label="Never expire"
        />
      </Box>
    </Box>
  );
}
