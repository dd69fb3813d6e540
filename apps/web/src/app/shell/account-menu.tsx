import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { TSessionUser } from '@app/contracts';
import { useId, useState } from 'react';
import { RouterLink } from '../../components/router-link';
import { useDownloadedImage } from '../../hooks/use-downloaded-image';
import { canReach } from './nav-items';

export const PROFILE_PATH = '/dashboard/profile';
export const BUSINESS_PROFILE_PATH = '/dashboard/business-profile';

export function getInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.length === 0
    ? '?'
    : parts
        .slice(0, 2)
        .map((part) => part[0]?.toUpperCase() ?? '')
        .join('');
}

type AccountMenuProps = {
  user: TSessionUser | null;
  hasBusiness: boolean;
  onLogout: () => void;
};

/**
 * The user's picture: an uploaded one is a stored blob, downloaded with the bearer token; an
 * address (http, https) is shown as it is.
 */
function usePicture(picture: string | null | undefined): string | null {
  const isAddress = Boolean(picture && /^https?:\/\//i.test(picture));
  const downloaded = useDownloadedImage(isAddress ? null : picture);
  return isAddress ? (picture ?? null) : downloaded;
}

/**
 * The avatar at the right of the top bar and its menu: Profile, Business Profile (business roles)
 * and Logout, so that Logout stays reachable with the drawer closed.
 */
export function AccountMenu({ user, hasBusiness, onLogout }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const displayName = user?.fullName || user?.email || 'Signed in';
  const picture = usePicture(user?.picture);
  const roles = user?.roles ?? [];
  const showsBusinessProfile = hasBusiness && canReach(roles, BUSINESS_PROFILE_PATH);
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, borderRadius: 5, py: 0.5, pl: 0.5, pr: 1.5 }}
      >
        <Avatar
          src={picture ?? undefined}
          alt=""
          aria-hidden="true"
          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {getInitials(displayName)}
        </Avatar>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500, maxWidth: 200 }} noWrap>
          {displayName}
        </Typography>
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: true },
          paper: { variant: 'outlined', sx: { minWidth: 220, mt: 0.5 } },
        }}
      >
        <MenuItem component={RouterLink} to={PROFILE_PATH} onClick={close}>
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        {showsBusinessProfile ? (
          <MenuItem component={RouterLink} to={BUSINESS_PROFILE_PATH} onClick={close}>
            <ListItemIcon>
              <StorefrontOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Business Profile
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
