import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type FormTextFieldProps = Omit<OutlinedInputProps, 'label' | 'error'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
};

/**
 * A labelled outlined input with helper text: what TextField renders, without TextField's Select
 * dependency, so the sign-in pages load less.
 */
export function FormTextField({
  label,
  helperText,
  error = false,
  required,
  id,
  fullWidth = true,
  size = 'small',
  ...inputProps
}: FormTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl fullWidth={fullWidth} error={error} required={required} size={size} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        label={required ? `${label} *` : label}
        size={size}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
