import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { getErrorMessage } from '../../../api/api-error';
import { notifyError } from '../../../components/toast';
import { useDownloadTemplateMutation, type TemplateFormat } from '../inventory.api';
import { INVENTORY_MESSAGES } from '../messages';

/** The templates with the headers and one example row: inventory_template.xlsx and .csv. */
export function TemplateButtons() {
  const [downloadTemplate, state] = useDownloadTemplateMutation();
  const download = async (format: TemplateFormat) => {
    try {
      await downloadTemplate(format).unwrap();
    } catch (error) {
      notifyError(getErrorMessage(error, INVENTORY_MESSAGES.template));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={state.isLoading}
        onClick={() => void download('excel')}
      >
        Excel template
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={state.isLoading}
        onClick={() => void download('csv')}
      >
        CSV template
      </Button>
    </Box>
  );
}
