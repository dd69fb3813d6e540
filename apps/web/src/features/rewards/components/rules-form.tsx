import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { LOYALTY_MAX_REWARDS, LOYALTY_MAX_TIERS } from '@app/contracts';
import { newReward, newTier, type RulesDraft } from '../rules-draft';
import { useBusinessMoney } from '../use-business-money';
import { EditableRows } from './editable-rows';

type RulesFormProps = {
  draft: RulesDraft;
  onChange: (draft: RulesDraft) => void;
  /** Messages by field path (`tiers.1.threshold`). */
  errors: Record<string, string>;
  /** A field changed: its error no longer applies. */
  onFieldChange: (name: string) => void;
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

/**
 * The settings of a programme's rules, fitted to its type: points per unit, tiers and rewards;
 * a stamp card's visits, minimum spend and reward; a cashback percent; and for all, how long points
 * are kept. The type itself is chosen by the caller.
 */
export function RulesForm({ draft, onChange, errors, onFieldChange, disabled = false }: RulesFormProps) {
  // The money fields wear the business's currency.
  const currencySymbol = useBusinessMoney().symbol;
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

  // What both lists of rows share: the errors, and the form's ids and state.
  const rowsProps = { errors, onFieldChange, idPrefix: 'rules-', disabled };

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
        <EditableRows
          {...rowsProps}
          name="tiers"
          title="Tiers"
          description="A member reaches a tier by the points she earned ever; the first starts at 0."
          rowNoun="Tier"
          rows={draft.tiers}
          columns="2fr 1.5fr 1fr"
          minRows={2}
          maxRows={LOYALTY_MAX_TIERS}
          newRow={newTier}
          onChange={(tiers) => onChange({ ...draft, tiers })}
          renderFields={(field) => (
            <>
              <TextField {...field('name', 'Tier name')} />
              <TextField {...field('threshold', 'From points')} inputMode="numeric" />
              <TextField {...field('multiplier', 'Multiplier')} inputMode="decimal" />
            </>
          )}
        />
      ) : null}

      {isPoints ? (
        <EditableRows
          {...rowsProps}
          name="rewards"
          title="Rewards"
          description="What points buy at the till. The id is what the till names; keep it when you rename a reward."
          rowNoun="Reward"
          rows={draft.rewards}
          columns="1.3fr 1.7fr 1fr 1fr"
          minRows={1}
          maxRows={LOYALTY_MAX_REWARDS}
          newRow={newReward}
          onChange={(rewards) => onChange({ ...draft, rewards })}
          renderFields={(field) => (
            <>
              <TextField {...field('rewardId', 'Id')} />
              <TextField {...field('name', 'Reward name')} />
              <TextField {...field('pointsCost', 'Points')} inputMode="numeric" />
              <TextField {...field('value', 'Value')} inputMode="decimal" slotProps={money} />
            </>
          )}
        />
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
