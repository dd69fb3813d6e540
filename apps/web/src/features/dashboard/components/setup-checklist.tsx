import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TSetupProgress } from '@app/contracts';
import { useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { useGetSetupProgressQuery } from '../dashboard.api';

type ChecklistItem = { title: string; description: string; path: string; isDone: boolean };

/** The first steps of a new business, each done when its data exists. */
export function checklistItems(progress: TSetupProgress): ChecklistItem[] {
  return [
    {
      title: 'Add a location and a store',
      description: 'Where you keep stock and where you sell.',
      path: '/dashboard/stores',
      isDone: progress.hasLocation && progress.hasStore,
    },
    {
      title: 'Add products',
      description: 'Your catalogue, with prices and barcodes.',
      path: '/dashboard/product',
      isDone: progress.hasProducts,
    },
    {
      title: 'Invite staff',
      description: 'Give your team their own sign-in and role.',
      path: '/dashboard/access',
      isDone: progress.hasStaff,
    },
  ];
}

/** Dismissal is remembered per user on this device. */
export function dismissKeyOf(userId: string): string {
  return `setupChecklistDismissed:${userId}`;
}

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * "Get your business going": shown on the dashboard until every step is done or the user
 * dismisses it. Nothing shows while loading or when the progress cannot be read.
 */
export function SetupChecklist({ businessId, userId }: { businessId: string; userId: string }) {
  const key = dismissKeyOf(userId);
  const [isDismissed, setIsDismissed] = useState(() => readDismissed(key));
  const { data } = useGetSetupProgressQuery(businessId, { skip: isDismissed });
  if (isDismissed || !data) return null;
  const items = checklistItems(data);
  const doneCount = items.filter((item) => item.isDone).length;
  if (doneCount === items.length) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Storage refused (private mode): dismissed for this visit only.
    }
    setIsDismissed(true);
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="setup-checklist-title"
      sx={{ p: 3, mb: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="setup-checklist-title" variant="h4" component="h2">
            Get your business going
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {doneCount} of {items.length} done. Each step ticks itself once it is done.
          </Typography>
        </Box>
        <IconButton aria-label="Dismiss the setup checklist" onClick={dismiss} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(doneCount / items.length) * 100}
        aria-label="Setup progress"
        sx={{ mt: 2, mb: 1, height: 6, borderRadius: 3 }}
      />
      <Box component="ol" aria-label="Setup steps" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.title}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            {item.isDone ? (
              <CheckCircleIcon color="success" titleAccess="Done" />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" titleAccess="To do" />
            )}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                variant="subtitle1"
                component="h3"
                sx={{
                  fontWeight: 600,
                  color: item.isDone ? 'text.secondary' : 'text.primary',
                  textDecoration: item.isDone ? 'line-through' : 'none',
                }}
              >
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {item.description}
              </Typography>
            </Box>
            {item.isDone ? null : (
              <Button
                component={RouterLink}
                to={item.path}
                size="small"
                endIcon={<ArrowForwardIcon />}
                aria-label={`Start: ${item.title}`}
              >
                Start
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
