import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ZLoyaltyRules, type TLoyaltyProgram, type TLoyaltyRules } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useOverrideLoyaltyProgramMutation } from '../rewards.api';
import { draftOf, overridesOf, rulesInputOf, withoutPrefix } from '../rules-draft';
import { TYPE_LABELS } from '../rules-text';
import { useBusinessMoney } from '../use-business-money';
import { RulesForm } from './rules-form';

type OverridesDialogProps = {
  program: TLoyaltyProgram;
  /** The template's own rules, when known: only settings that differ from them are sent. */
  templateRules: TLoyaltyRules | undefined;
  onClose: () => void;
};

const fromServer = withoutPrefix('overrides');

/**
 * "Adjust the rules": the programme's settings, starting from what it runs by now. Each setting
 * that differs from the template's is sent as an override (whole: a changed tier sends the list);
 * "Back to the template's rules" sends none.
 */
export function OverridesDialog({ program, templateRules, onClose }: OverridesDialogProps) {
  const titleId = useId();
  const money = useBusinessMoney();
  const [draft, setDraft] = useState(() => draftOf(program.rules));
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [override, state] = useOverrideLoyaltyProgramMutation();
  const hasOverrides = Object.keys(program.overrides).length > 0;

  const send = async (overrides: Record<string, unknown>, success: string) => {
    try {
      await override({ programId: program.id, overrides }).unwrap();
      notifySuccess(success);
      onClose();
    } catch (error) {
      showServerError(error, REWARDS_ERRORS.override, fromServer);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZLoyaltyRules, rulesInputOf(draft));
    showErrors(result.errors ?? {});
    if (!result.data) return;
    const rules = result.data;
    const overrides = templateRules
      ? overridesOf(rules, templateRules)
      : Object.fromEntries(Object.entries(rules).filter(([key]) => key !== 'type'));
    void send(overrides, REWARDS_SUCCESS.override);
  };

  return (
    <Dialog
      open
      onClose={state.isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" noValidate ref={formRef} onSubmit={submit}>
        <DialogTitle id={titleId}>Adjust the rules</DialogTitle>
        <DialogContent sx={{ pt: '4px !important' }}>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {program.templateName} ({TYPE_LABELS[program.type]}). What you change here applies to this
            programme only; the template keeps its rules.
          </Typography>
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <RulesForm
            draft={draft}
            onChange={setDraft}
            errors={errors}
            onFieldChange={clearError}
            currencySymbol={money.symbol}
            disabled={state.isLoading}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button
            color="inherit"
            sx={{ mr: 'auto' }}
            disabled={state.isLoading || !hasOverrides}
            onClick={() => void send({}, REWARDS_SUCCESS.reset)}
          >
            Back to the template’s rules
          </Button>
          <Button color="inherit" onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {state.isLoading ? 'Saving...' : 'Save rules'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
