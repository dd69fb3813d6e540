import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { PageHeader } from '../../components/page-header';
import { notifySuccess } from '../../components/toast';
import { loggedOut, selectSessionUser, sessionUserUpdated } from '../../session/session.slice';
import { ProfileAddressCard } from './components/profile-address-card';
import { ProfileHeaderCard } from './components/profile-header-card';
import { ProfileInfoCard } from './components/profile-info-card';
import { EMAIL_CHANGE_EXPIRED, PROFILE_ERRORS, PROFILE_SUCCESS } from './messages';
import { profileApi, useGetProfileQuery } from './profile.api';

/** Where the e-mail change link lands: `?emailChange=done` or `?emailChange=expired`. */
export const EMAIL_CHANGE_PARAM = 'emailChange';

function ProfileSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Loading the profile">
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 3, alignItems: 'center' }}>
        <Skeleton variant="circular" width={88} height={88} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={36} />
          <Skeleton width="30%" />
        </Box>
      </Paper>
      {[0, 1].map((card) => (
        <Paper key={card} variant="outlined" sx={{ p: 3 }}>
          <Skeleton width={180} height={32} />
          <Skeleton width="100%" />
          <Skeleton width="80%" />
        </Paper>
      ))}
    </Box>
  );
}

/** /dashboard/profile (000 section 2 "Profile"), loaded by the user id of the access token. */
export function ProfilePage() {
  const sessionUser = useSelector(selectSessionUser);
  const userId = sessionUser?.userId ?? '';
  const { data: user, error, isLoading } = useGetProfileQuery(userId, { skip: !userId });
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const emailChange = searchParams.get(EMAIL_CHANGE_PARAM);
  const [isLinkExpired, setIsLinkExpired] = useState(() => emailChange === 'expired');

  // The confirmation link of a new address lands here once: say how it went, then drop the
  // parameter so a reload does not say it again.
  useEffect(() => {
    if (emailChange !== 'done' && emailChange !== 'expired') return;
    // (An expired link's alert is the state's initial value.)
    if (emailChange === 'done') {
      notifySuccess(PROFILE_SUCCESS.emailChanged);
      // The address changed on the server: whatever was loaded before is stale.
      dispatch(profileApi.util.invalidateTags([{ type: 'User', id: userId }]));
    }
    const next = new URLSearchParams(searchParams);
    next.delete(EMAIL_CHANGE_PARAM);
    setSearchParams(next, { replace: true });
  }, [emailChange, searchParams, setSearchParams, dispatch, userId]);

  // The top bar shows the session's copy of the user: keep it in step with what was loaded or
  // saved here (a new name, a new picture, an address confirmed by its link).
  useEffect(() => {
    if (!user || !sessionUser) return;
    const changes = {
      fullName: user.fullName,
      email: user.email,
      username: user.username,
      phoneNumber: user.phoneNumber,
      picture: user.picture,
    };
    const isStale = (Object.keys(changes) as (keyof typeof changes)[]).some(
      (field) => changes[field] !== sessionUser[field],
    );
    if (isStale) dispatch(sessionUserUpdated(changes));
  }, [user, sessionUser, dispatch]);

  const onDeleted = () => {
    dispatch(loggedOut({ isByUser: true }));
    void navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Profile" subtitle="Your personal details and how the team reaches you." />
      {isLinkExpired ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setIsLinkExpired(false)}>
          {EMAIL_CHANGE_EXPIRED}
        </Alert>
      ) : null}
      {isLoading ? <ProfileSkeleton /> : null}
      {error ? (
        <Typography color="error" role="alert">
          {getErrorMessage(error, PROFILE_ERRORS.load)}
        </Typography>
      ) : null}
      {user ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ProfileHeaderCard user={user} onDeleted={onDeleted} />
          <ProfileInfoCard user={user} />
          <ProfileAddressCard user={user} />
        </Box>
      ) : null}
    </Box>
  );
}
