import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  LOYALTY_TYPES,
  ZLoyaltyTemplateRequest,
  type LoyaltyType,
  type TLoyaltyTemplate,
} from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useCreateLoyaltyTemplateMutation, useUpdateLoyaltyTemplateMutation } from '../rewards.api';
import { draftOf, rulesInputOf, starterDraft, withoutPrefix } from '../rules-draft';
import { TYPE_LABELS } from '../rules-text';
import { useBusinessMoney } from '../use-business-money';
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

/** A template of the business: name, description, type and the rules a programme starts from. */
export function TemplateDialog({ template, onClose }: TemplateDialogProps) {
  const titleId = useId();
  const money = useBusinessMoney();
  const isEdit = template !== null;
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [draft, setDraft] = useState(() => (template ? draftOf(template.rules) : starterDraft('POINTS')));
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createTemplate, createState] = useCreateLoyaltyTemplateMutation();
  const [updateTemplate, updateState] = useUpdateLoyaltyTemplateMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name, description, rules: rulesInputOf(draft) };
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
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{isEdit ? 'Edit template' : 'New template'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3, pt: '12px !important' }}>
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
            <TextField
              required
              autoFocus
              name="name"
              id="template-name"
              label="Name"
              size="small"
              value={name}
              disabled={isSaving}
              error={Boolean(errors.name)}
              helperText={errors.name}
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
            />
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
              name="description"
              id="template-description"
              label="Description"
              size="small"
              value={description}
              disabled={isSaving}
              error={Boolean(errors.description)}
              helperText={errors.description ?? 'What shoppers get, in a sentence or two.'}
              sx={{ gridColumn: '1 / -1' }}
              onChange={(event) => {
                setDescription(event.target.value);
                clearError('description');
              }}
            />
          </Box>
          <RulesForm
            draft={draft}
            onChange={setDraft}
            errors={errors}
            onFieldChange={clearError}
            currencySymbol={money.symbol}
            disabled={isSaving}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add template'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
