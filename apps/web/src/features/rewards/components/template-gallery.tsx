import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TLoyaltyProgram, TLoyaltyTemplate } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReadError } from '../../../components/read-error';
import { notifyError, notifySuccess } from '../../../components/toast';
import { REWARDS_ERRORS, REWARDS_SUCCESS } from '../messages';
import { useActivateLoyaltyProgramMutation, useSetLoyaltyTemplateStatusMutation } from '../rewards.api';
import { describeRules, TYPE_LABELS } from '../rules-text';
import { useBusinessMoney } from '../use-business-money';
import { TemplateDialog } from './template-dialog';

type TemplateGalleryProps = {
  templates: TLoyaltyTemplate[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  program: TLoyaltyProgram | null | undefined;
  canSwitch: boolean;
  canCreate: boolean;
  canUpdate: boolean;
};

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: 2,
} as const;

/**
 * The templates a programme starts from: the built-in ones (read-only) and the business's own,
 * which can be edited and switched off and on. Activating one starts its programme in place of
 * the running one (after a confirmation when one runs).
 */
export function TemplateGallery({
  templates,
  isLoading,
  error,
  onRetry,
  program,
  canSwitch,
  canCreate,
  canUpdate,
}: TemplateGalleryProps) {
  const money = useBusinessMoney();
  const [editing, setEditing] = useState<{ template: TLoyaltyTemplate | null } | null>(null);
  const [replacing, setReplacing] = useState<TLoyaltyTemplate | null>(null);
  const [activate, activateState] = useActivateLoyaltyProgramMutation();
  const [setStatus] = useSetLoyaltyTemplateStatusMutation();

  const start = async (template: TLoyaltyTemplate) => {
    try {
      await activate(template.id).unwrap();
      notifySuccess(REWARDS_SUCCESS.activate);
    } catch (failure) {
      notifyError(getErrorMessage(failure, REWARDS_ERRORS.activate));
    }
    setReplacing(null);
  };

  const toggle = async (template: TLoyaltyTemplate) => {
    try {
      await setStatus({ id: template.id, isActive: !template.active }).unwrap();
      notifySuccess(template.active ? REWARDS_SUCCESS.switchOff : REWARDS_SUCCESS.switchOn);
    } catch (failure) {
      notifyError(getErrorMessage(failure, REWARDS_ERRORS.templateStatus));
    }
  };

  const card = (template: TLoyaltyTemplate) => {
    const isRunning = program?.templateId === template.id;
    return (
      <Paper
        key={template.id}
        variant="outlined"
        component="article"
        aria-label={template.name}
        sx={{
          p: 2.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          borderColor: isRunning ? 'primary.main' : undefined,
          opacity: template.active ? 1 : 0.75,
        }}
      >
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" color="primary" label={TYPE_LABELS[template.type]} />
          {template.builtIn ? (
            <Chip size="small" label="Built-in" />
          ) : (
            <Chip size="small" label="Your template" />
          )}
          {template.active ? null : <Chip size="small" variant="outlined" label="Switched off" />}
        </Box>
        <Typography variant="h4" component="h3">
          {template.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {template.description || 'No description.'}
        </Typography>
        <Box sx={{ flex: 1 }}>
          <Typography variant="body2" sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
            {describeRules(template.rules, money.format).join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          {isRunning ? (
            <Chip icon={<CheckIcon />} color="success" variant="outlined" label="Active" />
          ) : canSwitch && template.active ? (
            <Button
              variant="contained"
              size="small"
              disabled={activateState.isLoading}
              aria-label={`Activate ${template.name}`}
              onClick={() => (program ? setReplacing(template) : void start(template))}
            >
              Activate
            </Button>
          ) : null}
          {!template.builtIn && canUpdate ? (
            <>
              <Button
                size="small"
                aria-label={`Edit ${template.name}`}
                onClick={() => setEditing({ template })}
              >
                Edit
              </Button>
              <Button
                size="small"
                color="inherit"
                aria-label={`${template.active ? 'Switch off' : 'Switch on'} ${template.name}`}
                onClick={() => void toggle(template)}
              >
                {template.active ? 'Switch off' : 'Switch on'}
              </Button>
            </>
          ) : null}
        </Box>
      </Paper>
    );
  };

  return (
    <Box component="section" aria-labelledby="rewards-templates" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="rewards-templates" variant="h3" component="h2">
            Templates
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A programme starts from a template. Built-in templates are read-only; make your own for other
            rules.
          </Typography>
        </Box>
        {canCreate ? (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ template: null })}>
            New template
          </Button>
        ) : null}
      </Box>
      {error ? (
        <ReadError error={error} fallback={REWARDS_ERRORS.templates} onRetry={onRetry} />
      ) : isLoading ? (
        <Box sx={GRID} aria-busy="true" aria-label="Loading the templates">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={180} />
          ))}
        </Box>
      ) : (
        <Box sx={GRID}>{templates?.map(card)}</Box>
      )}
      {editing ? <TemplateDialog template={editing.template} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={replacing !== null}
        message={
          <>
            Start <strong>{replacing?.name}</strong> in place of <strong>{program?.templateName}</strong>?
            Members keep their points; sales earn by the new rules from now on.
          </>
        }
        isBusy={activateState.isLoading}
        onConfirm={() => replacing && void start(replacing)}
        onCancel={() => setReplacing(null)}
      />
    </Box>
  );
}
