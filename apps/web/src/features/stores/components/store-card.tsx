import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import RestoreIcon from '@mui/icons-material/Restore';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TStore } from '@app/contracts';
import type { ReactElement, ReactNode } from 'react';
import { RowAction, StatusChip } from '../../../components/list-controls';
import { formatAddress } from '../location-format';
import { useDownloadedImage } from '../../../hooks/use-downloaded-image';

type StoreCardProps = {
  store: TStore;
  canUpdate: boolean;
  canDelete: boolean;
  isTogglingBasketWeight: boolean;
  onToggleBasketWeight: () => void;
  onShowDetails: () => void;
  onShowQrCode: () => void;
  onToggleActive: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

function Fact({ icon, label, children }: { icon: ReactElement; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary', minWidth: 0 }}>
      <Box
        component="span"
        aria-hidden="true"
        sx={{ display: 'inline-flex', mt: '1px', '& svg': { fontSize: 18 } }}
      >
        {icon}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One store: its image, where it is, how to reach it, basket weighing and its actions. */
export function StoreCard({
  store,
  canUpdate,
  canDelete,
  isTogglingBasketWeight,
  onToggleBasketWeight,
  onShowDetails,
  onShowQrCode,
  onToggleActive,
  onEdit,
  onDelete,
}: StoreCardProps) {
  const image = useDownloadedImage(store.imageUrl);
  const address = formatAddress(store.location);
  return (
    <Card
      component="article"
      aria-labelledby={`store-${store.id}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box
        sx={{
          height: 132,
          bgcolor: 'action.hover',
          color: 'text.disabled',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image}
            alt={`${store.name} storefront`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <StorefrontOutlinedIcon sx={{ fontSize: 48 }} aria-hidden="true" />
        )}
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            id={`store-${store.id}`}
            variant="h5"
            component="h2"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {store.name}
          </Typography>
          {store.active ? null : <StatusChip isActive={false} />}
        </Box>
        <Fact icon={<PlaceOutlinedIcon />} label="Location">
          {store.location.name}
          {address ? ` · ${address}` : ''}
        </Fact>
        {store.phone ? (
          <Fact icon={<PhoneOutlinedIcon />} label="Phone">
            {store.phone}
          </Fact>
        ) : null}
        {store.openingHours ? (
          <Fact icon={<ScheduleOutlinedIcon />} label="Opening hours">
            {store.openingHours}
          </Fact>
        ) : null}
        <FormControlLabel
          sx={{ mt: 'auto', ml: 0, gap: 1 }}
          control={
            <Switch
              size="small"
              checked={store.basketWeightEnabled}
              onChange={onToggleBasketWeight}
              disabled={!canUpdate || isTogglingBasketWeight}
            />
          }
          label={<Typography variant="body2">Basket weighing</Typography>}
        />
      </CardContent>
      <Divider />
      <CardActions sx={{ px: 1.5 }}>
        <Button
          size="small"
          startIcon={<InfoOutlinedIcon />}
          onClick={onShowDetails}
          aria-label={`Details of ${store.name}`}
        >
          Details
        </Button>
        <Box sx={{ flex: 1 }} />
        <RowAction
          title="QR code"
          rowLabel={`of ${store.name}`}
          icon={<QrCode2Icon fontSize="small" />}
          onClick={onShowQrCode}
        />
        {canUpdate ? (
          <RowAction
            title={store.active ? 'Discontinue' : 'Reactivate'}
            rowLabel={store.name}
            icon={store.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
            onClick={onToggleActive}
          />
        ) : null}
        {canUpdate ? (
          <RowAction
            title="Edit"
            rowLabel={store.name}
            icon={<EditIcon fontSize="small" />}
            onClick={onEdit}
          />
        ) : null}
        {canDelete ? (
          <RowAction
            title="Delete"
            rowLabel={store.name}
            icon={<DeleteIcon fontSize="small" />}
            onClick={onDelete}
          />
        ) : null}
      </CardActions>
    </Card>
  );
}
