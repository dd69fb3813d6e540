import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';

type EditableCardProps = {
  title: string;
  /** The Edit button's text ("Edit", "Edit Business Info"). */
  editLabel?: string;
  isEditing: boolean;
  /** False hides the Edit button (a role that cannot change this card). */
  canEdit?: boolean;
  isSaving?: boolean;
  onEdit: () => void;
  /** Save submits the card's form. */
  onSave: () => void;
  onClose: () => void;
  formRef?: Ref<HTMLFormElement>;
  /** Shown beside the title (a logo, a status chip). */
  aside?: ReactNode;
  children: ReactNode;
};

/**
 * A card that toggles between reading and editing (000 section 4, "Edit mode"): Edit, then Save
 * (the caller asks for confirmation) or Close, which drops the changes.
 */
export function EditableCard({
  title,
  editLabel = 'Edit',
  isEditing,
  canEdit = true,
  isSaving = false,
  onEdit,
  onSave,
  onClose,
  formRef,
  aside,
  children,
}: EditableCardProps) {
  const titleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Box component="form" noValidate ref={formRef} onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 36 }}>
          {aside}
          <Typography id={titleId} variant="h5" component="h2" sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {isEditing ? (
            <>
              <Button color="inherit" onClick={onClose} disabled={isSaving}>
                Close
              </Button>
              <Button type="submit" variant="contained" disabled={isSaving}>
                Save
              </Button>
            </>
          ) : canEdit ? (
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
              {editLabel}
            </Button>
          ) : null}
        </Box>
        {children}
      </Box>
    </Paper>
  );
}

/** The two-column grid the fields of a card sit in. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, alignItems: 'start' }}
    >
      {children}
    </Box>
  );
}

/** A field as it reads outside edit mode: its label over its value, or "Not set". */
export function ReadOnlyField({
  label,
  value,
  isWide = false,
}: {
  label: string;
  value: ReactNode;
  isWide?: boolean;
}) {
  const isEmpty = value === null || value === undefined || value === '';
  return (
    <Box sx={{ minWidth: 0, gridColumn: isWide ? '1 / -1' : undefined }}>
      <Typography variant="caption" component="p" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body1"
        component="div"
        color={isEmpty ? 'text.secondary' : 'text.primary'}
        sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', fontStyle: isEmpty ? 'italic' : undefined }}
      >
        {isEmpty ? 'Not set' : value}
      </Typography>
    </Box>
  );
}
