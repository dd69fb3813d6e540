/** Fallback texts of 000 section 8 for the profile's calls ("An error occurred" for the rest). */
export const PROFILE_ERRORS = {
  load: 'An error occurred',
  update: 'An error occurred',
  picture: 'An error occurred',
  delete: 'An error occurred',
} as const;

/** The confirmations of 000 section 2 "Profile". */
export const PROFILE_CONFIRMATIONS = {
  profile: {
    title: 'Update Profile',
    message: 'Are you sure you want to update your profile information?',
  },
  address: {
    title: 'Update Address',
    message: 'Are you sure you want to update your address?',
  },
  deleteAccount: {
    title: 'Delete Account',
    message: 'Are you sure you want to delete your account? This action cannot be undone.',
  },
} as const;

export const PROFILE_SUCCESS = {
  profile: 'Profile updated',
  address: 'Address updated',
  picture: 'Picture updated',
  emailChanged: 'Your e-mail address has been changed.',
} as const;

export const PICTURE_TYPE_ERROR = 'The picture must be a JPEG, PNG or WebP image.';
export const PICTURE_SIZE_ERROR = 'The picture must be at most 5 MB.';
export const EMAIL_CHANGE_EXPIRED =
  'This e-mail change link has expired or was already used. Change the address again to get a new link.';

export function pendingEmailNotice(pendingEmail: string): string {
  return `We sent a link to ${pendingEmail}. Your address changes when you open it.`;
}
