import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  LOYALTY_TYPES,
  ZLoyaltyTemplateRequest,
  type LoyaltyType,
  type TLoyaltyTemplate,
} from '@app/contracts';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useCreateLoyaltyTemplateMutation, useUpdateLoyaltyTemplateMutation } from '../rewards.api';
import { draftOf, rulesInputOf, starterDraft, withoutPrefix } from '../rules-draft';
import { TYPE_LABELS } from '../rules-text';
import { RulesForm } from './rules-form';

type TemplateDialogProps = {
  /** The business's own template to edit; none for a new one. */
  template: TLoyaltyTemplate | null;
  onClose: () => void;
};

const fromRules = withoutPrefix('rules');

/** Names of the request's errors as the form's fields: `rules.tiers.0.name` is `tiers.0.name`. */
function toFormErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [fromRules(path), message]));
}

const TEMPLATE_LABELS = { name: 'Name', description: 'Description' };

/** A template of the business: name, description, type and the rules a programme starts from. */
export function TemplateDialog({ template, onClose }: TemplateDialogProps) {
  const isEdit = template !== null;
  const [draft, setDraft] = useState(() => (template ? draftOf(template.rules) : starterDraft('POINTS')));
  const [createTemplate, createState] = useCreateLoyaltyTemplateMutation();
  const [updateTemplate, updateState] = useUpdateLoyaltyTemplateMutation();
  const isSaving = createState.isLoading || updateState.isLoading;
  const form = useFormFields(
    { name: template?.name ?? '', description: template?.description ?? '' },
    { isDisabled: isSaving, labels: TEMPLATE_LABELS, idPrefix: 'template-', size: 'small' },
  );
  const { values, errors, field, showErrors, showServerError, clearError } = form;

  const submit = async () => {
    const body = { ...values, rules: rulesInputOf(draft) };
    const result = validate(ZLoyaltyTemplateRequest, body);
    showErrors(toFormErrors(result.errors ?? {}));
    if (result.errors) return;
    try {
      if (template) {
        await updateTemplate({ id: template.id, body }).unwrap();
        notifySuccess(REWARDS_SUCCESS.updateTemplate);
      } else {
        await createTemplate(body).unwrap();
        notifySuccess(REWARDS_SUCCESS.createTemplate);
      }
      onClose();
    } catch (error) {
      showServerError(
        error,
        isEdit ? REWARDS_ERRORS.updateTemplate : REWARDS_ERRORS.createTemplate,
        fromRules,
      );
    }
  };

  return (
    <FormDialog
      title={isEdit ? 'Edit template' : 'New template'}
      submitLabel={isEdit ? 'Save' : 'Add template'}
      isBusy={isSaving}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
      gap={3}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
        <TextField required autoFocus {...field('name')} />
        <TextField
          select
          name="type"
          id="template-type"
          label="Type"
          size="small"
          value={draft.type}
          disabled={isSaving}
          onChange={(event) => {
            // Another type has other settings: start from that type's usual ones.
            setDraft(starterDraft(event.target.value as LoyaltyType));
            showErrors({});
          }}
        >
          {LOYALTY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={2}
          {...field('description')}
          helperText={errors.description ?? 'What shoppers get, in a sentence or two.'}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <RulesForm
        draft={draft}
        onChange={setDraft}
        errors={errors}
        onFieldChange={clearError}
        disabled={isSaving}
      />
    </FormDialog>
  );
}
