import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDownloadedImage } from '../../hooks/use-downloaded-image';
import { useGetBusinessQuery } from '../../api/business.api';

/** The business's logo (when it has one) and name, beside the product title in the top bar. */
export function ShellBusiness({ businessId }: { businessId: string }) {
  const { data: business } = useGetBusinessQuery(businessId);
  const logo = useDownloadedImage(business?.logoUrl);
  if (!business) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        minWidth: 0,
        ml: 1.5,
        pl: 1.5,
        borderLeft: 1,
        borderColor: 'divider',
      }}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt=""
          sx={{ width: 28, height: 28, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
        />
      ) : null}
      <Typography variant="body1" component="p" color="text.secondary" noWrap sx={{ fontWeight: 500 }}>
        {business.businessName}
      </Typography>
    </Box>
  );
}
