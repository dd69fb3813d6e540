import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TBusinessUser } from '@app/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/toast';
import { useDownloadedImage } from '../../../hooks/use-downloaded-image';
import { PROFILE_CONFIRMATIONS, PROFILE_ERRORS, PROFILE_SUCCESS } from '../messages';
import { PICTURE_MIME_TYPES, checkPicture } from '../picture-check';
import { useDeleteAccountMutation, useUploadPictureMutation } from '../profile.api';

const AVATAR_SIZE = 88;

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

type ProfileHeaderCardProps = {
  user: TBusinessUser;
  /** The account is gone: the page signs out. */
  onDeleted: () => void;
};

/** The header of 000 section 2 "Profile": picture, name, e-mail, business, Delete Account. */
export function ProfileHeaderCard({ user, onDeleted }: ProfileHeaderCardProps) {
  const [revision, setRevision] = useState(0);
  const picture = useDownloadedImage(user.picture, revision);
  const inputRef = useRef<HTMLInputElement>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [uploadPicture, { isLoading: isUploading }] = useUploadPictureMutation();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteAccount, { isLoading: isDeleting }] = useDeleteAccountMutation();

  const choosePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The same file chosen again after a refusal must fire a change again.
    event.target.value = '';
    if (!file) return;
    const problem = checkPicture(file);
    setPictureError(problem);
    if (problem) return;
    try {
      await uploadPicture({ userId: user.userId, picture: file }).unwrap();
      setRevision((current) => current + 1);
      notifySuccess(PROFILE_SUCCESS.picture);
    } catch (error) {
      setPictureError(getErrorMessage(error, PROFILE_ERRORS.picture));
    }
  };

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await deleteAccount(user.userId).unwrap();
      setIsConfirmingDelete(false);
      onDeleted();
    } catch (error) {
      // An owner who still owns a business hears why (409) and keeps the account.
      setIsConfirmingDelete(false);
      setDeleteError(getErrorMessage(error, PROFILE_ERRORS.delete));
    }
  };

  const businessName = user.business?.businessName;
  return (
    <Paper variant="outlined" component="section" aria-label="Account" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, flexShrink: 0 }}>
          <Avatar
            src={picture ?? undefined}
            alt={picture ? `Picture of ${user.fullName}` : undefined}
            sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 32, bgcolor: 'primary.main' }}
          >
            {initialsOf(user.fullName) || null}
          </Avatar>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={PICTURE_MIME_TYPES.join(',')}
            aria-label="Profile picture"
            onChange={(event) => void choosePicture(event)}
          />
          <Button
            size="small"
            startIcon={<PhotoCameraOutlinedIcon />}
            disabled={isUploading}
            onClick={() => inputRef.current?.click()}
          >
            {isUploading ? 'Uploading...' : 'Upload picture'}
          </Button>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {user.fullName}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          {businessName ? (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {businessName}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            JPEG, PNG or WebP, up to 5 MB.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
          onClick={() => setIsConfirmingDelete(true)}
        >
          Delete Account
        </Button>
      </Box>
      {pictureError ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setPictureError(null)}>
          {pictureError}
        </Alert>
      ) : null}
      {deleteError ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={isConfirmingDelete}
        title={PROFILE_CONFIRMATIONS.deleteAccount.title}
        message={PROFILE_CONFIRMATIONS.deleteAccount.message}
        confirmLabel="Delete Account"
        isDestructive
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setIsConfirmingDelete(false)}
      />
    </Paper>
  );
}
