import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a row's text field takes: its name is the error path (`tiers.1.threshold`). */
export type RowFieldProps = {
  name: string;
  id: string;
  label: string;
  value: string;
  size: 'small';
  disabled: boolean;
  error: boolean;
  helperText: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
};

type EditableRowsProps<Row extends { key: string }> = {
  /** The list's path in the form and in its errors (`tiers`); its own error shows under the list. */
  name: string;
  /** The legend of the list ("Tiers"). */
  title: string;
  description: ReactNode;
  /** What one row is called, capitalised ("Tier"): "Tier 2", "Remove tier 2", "Add tier". */
  rowNoun: string;
  rows: readonly Row[];
  /** The grid's columns for the fields; the remove button's column is added. */
  columns: string;
  minRows: number;
  maxRows: number;
  newRow: () => Row;
  onChange: (rows: Row[]) => void;
  /** Messages by field path. */
  errors: Record<string, string>;
  /** A field changed: its error, and the list's, no longer apply. */
  onFieldChange: (name: string) => void;
  /** Prefix of the fields' ids, so that two forms on a page do not share them. */
  idPrefix: string;
  disabled: boolean;
  /** The fields of one row: `field` gives a TextField's props for a property of the row. */
  renderFields: (
    field: (property: keyof Row & string, label: string) => RowFieldProps,
    index: number,
  ) => ReactNode;
};

/**
 * A list of rows edited in place (a programme's tiers, its rewards): each row a group of fields
 * and a remove button, an add button under them, each field's error under it and the list's
 * error under the list. The list keeps between `minRows` and `maxRows` rows.
 */
export function EditableRows<Row extends { key: string }>({
  name,
  title,
  description,
  rowNoun,
  rows,
  columns,
  minRows,
  maxRows,
  newRow,
  onChange,
  errors,
  onFieldChange,
  idPrefix,
  disabled,
  renderFields,
}: EditableRowsProps<Row>) {
  const noun = rowNoun.toLowerCase();

  const fieldOf =
    (index: number) =>
    (property: keyof Row & string, label: string): RowFieldProps => {
      const path = `${name}.${index}.${property}`;
      return {
        name: path,
        id: `${idPrefix}${path}`,
        label,
        value: rows[index]?.[property] as string,
        size: 'small',
        disabled,
        error: Boolean(errors[path]),
        helperText: errors[path],
        onChange: (event) => {
          onChange(rows.map((row, i) => (i === index ? { ...row, [property]: event.target.value } : row)));
          onFieldChange(path);
          onFieldChange(name);
        },
      };
    };

  const remove = (index: number) => {
    onChange(rows.filter((_row, i) => i !== index));
    onFieldChange(name);
  };

  return (
    <Box component="fieldset" name={name} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {description}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {rows.map((row, index) => (
          <Box
            key={row.key}
            role="group"
            aria-label={`${rowNoun} ${index + 1}`}
            sx={{ display: 'grid', gridTemplateColumns: `${columns} auto`, gap: 1.5, alignItems: 'start' }}
          >
            {renderFields(fieldOf(index), index)}
            <Tooltip title={`Remove ${noun}`}>
              <span>
                <IconButton
                  aria-label={`Remove ${noun} ${index + 1}`}
                  onClick={() => remove(index)}
                  disabled={disabled || rows.length <= minRows}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Box>
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={disabled || rows.length >= maxRows}
        onClick={() => onChange([...rows, newRow()])}
      >
        {`Add ${noun}`}
      </Button>
      {errors[name] ? <FormHelperText error>{errors[name]}</FormHelperText> : null}
    </Box>
  );
}
