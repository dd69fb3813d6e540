import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ZLoyaltyRules, type TLoyaltyProgram, type TLoyaltyRules } from '@app/contracts';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useOverrideLoyaltyProgramMutation } from '../rewards.api';
import { draftOf, overridesOf, rulesInputOf, withoutPrefix } from '../rules-draft';
import { TYPE_LABELS } from '../rules-text';
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
  const [draft, setDraft] = useState(() => draftOf(program.rules));
  const form = useFormErrors();
  const { errors, showErrors, showServerError, clearError } = form;
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

  const submit = () => {
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
    <FormDialog
      title="Adjust the rules"
      submitLabel="Save rules"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
      intro={
        // 1 unit and the grid's gap: the 3 units it always had above the rules.
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {program.templateName} ({TYPE_LABELS[program.type]}). What you change here applies to this programme
          only; the template keeps its rules.
        </Typography>
      }
      secondaryAction={
        <Button
          color="inherit"
          sx={{ mr: 'auto' }}
          disabled={state.isLoading || !hasOverrides}
          onClick={() => void send({}, REWARDS_SUCCESS.reset)}
        >
          Back to the template’s rules
        </Button>
      }
    >
      <RulesForm
        draft={draft}
        onChange={setDraft}
        errors={errors}
        onFieldChange={clearError}
        disabled={state.isLoading}
      />
    </FormDialog>
  );
}
