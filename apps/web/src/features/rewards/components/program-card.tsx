import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TLoyaltyProgram, TLoyaltyRules, TLoyaltyTier } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReadError } from '../../../components/read-error';
import { notifyError, notifySuccess } from '../../../components/toast';
import { NO_PROGRAM_TEXT, REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useDeactivateLoyaltyProgramMutation } from '../rewards.api';
import { describeRules, TYPE_LABELS } from '../rules-text';
import { useBusinessMoney } from '../use-business-money';
import { OverridesDialog } from './overrides-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const count = new Intl.NumberFormat();

type ProgramCardProps = {
  program: TLoyaltyProgram | null | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The template's own rules, for the overrides dialog. */
  templateRules: TLoyaltyRules | undefined;
  canSwitch: boolean;
  canOverride: boolean;
};

function TiersTable({ tiers }: { tiers: readonly TLoyaltyTier[] }) {
  return (
    <Table size="small" aria-label="Tiers" sx={{ maxWidth: 520, mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>Tier</TableCell>
          <TableCell align="right">From points earned</TableCell>
          <TableCell align="right">Earns</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tiers.map((tier) => (
          <TableRow key={tier.name}>
            <TableCell>{tier.name}</TableCell>
            <TableCell align="right">{count.format(tier.threshold)}</TableCell>
            <TableCell align="right">×{count.format(tier.multiplier)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The running programme: its template, type and rules in words, with Adjust and Deactivate. */
export function ProgramCard({
  program,
  isLoading,
  error,
  onRetry,
  templateRules,
  canSwitch,
  canOverride,
}: ProgramCardProps) {
  const money = useBusinessMoney();
  const [isAdjusting, setIsAdjusting] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [deactivate, deactivateState] = useDeactivateLoyaltyProgramMutation();

  if (isLoading) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true" aria-label="Loading the programme">
        <Skeleton width="30%" height={32} />
        <Skeleton width="60%" />
        <Skeleton width="45%" />
      </Paper>
    );
  }
  if (error) {
    return <ReadError error={error} fallback={REWARDS_ERRORS.program} onRetry={onRetry} />;
  }
  if (!program) {
    return (
      <Paper variant="outlined" sx={{ p: 4, display: 'flex', alignItems: 'center', gap: 3 }}>
        <CardGiftcardOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
        <Box>
          <Typography variant="h3" component="h2">
            {NO_PROGRAM_TEXT}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {canSwitch
              ? 'Pick a template below and activate it: from then on sales earn points for your members.'
              : 'An owner or a loyalty admin can start one from the templates below.'}
          </Typography>
        </Box>
      </Paper>
    );
  }

  const confirmDeactivate = async () => {
    try {
      await deactivate().unwrap();
      notifySuccess(REWARDS_SUCCESS.deactivate);
    } catch (failure) {
      notifyError(getErrorMessage(failure, REWARDS_ERRORS.deactivate));
    }
    setIsConfirming(false);
  };

  const isAdjusted = Object.keys(program.overrides).length > 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Running programme" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Running since {dateFormat.format(new Date(program.activatedAt))}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h3" component="h2">
              {program.templateName}
            </Typography>
            <Chip size="small" color="primary" variant="outlined" label={TYPE_LABELS[program.type]} />
            {isAdjusted ? <Chip size="small" variant="outlined" label="Rules adjusted" /> : null}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {canOverride ? (
            <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setIsAdjusting(true)}>
              Adjust the rules
            </Button>
          ) : null}
          {canSwitch ? (
            <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
              Deactivate
            </Button>
          ) : null}
        </Box>
      </Box>
      <Typography sx={{ mt: 1.5 }}>{describeRules(program.rules, money.format).join(' · ')}</Typography>
      {program.rules.type === 'TIERED' ? <TiersTable tiers={program.rules.tiers} /> : null}
      {isAdjusting ? (
        <OverridesDialog
          program={program}
          templateRules={templateRules}
          onClose={() => setIsAdjusting(false)}
        />
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        message={
          <>
            Stop <strong>{program.templateName}</strong>? Members keep their points, but sales earn none until
            a programme runs again.
          </>
        }
        isDestructive
        isBusy={deactivateState.isLoading}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
