import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import { PRODUCT_MESSAGES } from '../messages';
import { useProductImage } from '../use-product-image';

/** A product's image in a small square; a neutral placeholder when it has none or it failed. */
export function ProductThumbnail({
  imageUrl,
  name,
  size = 40,
  isDecorative = false,
}: {
  imageUrl: string | null;
  name: string;
  size?: number;
  /** Beside the product's name, the image adds nothing for a screen reader. */
  isDecorative?: boolean;
}) {
  const image = useProductImage(imageUrl);
  const frame = {
    width: size,
    height: size,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    flexShrink: 0,
  } as const;
  if (image.src) {
    return (
      <Box
        component="img"
        src={image.src}
        alt={name}
        sx={{ ...frame, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  const Icon = image.isFailed ? ImageNotSupportedOutlinedIcon : InventoryOutlinedIcon;
  return (
    <Box
      role={isDecorative ? undefined : 'img'}
      aria-hidden={isDecorative ? true : undefined}
      aria-label={
        isDecorative ? undefined : image.isFailed ? PRODUCT_MESSAGES.downloadImage : `No image of ${name}`
      }
      title={image.isFailed ? PRODUCT_MESSAGES.downloadImage : undefined}
      sx={{
        ...frame,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.disabled',
      }}
    >
      <Icon sx={{ fontSize: size * 0.5 }} />
    </Box>
  );
}
