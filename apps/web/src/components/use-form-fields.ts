import { useState } from 'react';
import { useFormErrors } from '../lib/use-form-errors';

type FormFieldsOptions<Name extends string> = {
  /** The fields are off (a call is under way, or the user may not change them). */
  isDisabled: boolean;
  /** The fields' labels; without them each TextField names its own. */
  labels?: Record<Name, string>;
  /** Prefix of the fields' ids (`member-` gives `member-email`); without it the TextField makes one. */
  idPrefix?: string;
  size?: 'small';
  /** A field whose errors (and name in the form) are another's: the stock's `units` are its `delta`. */
  errorNames?: Partial<Record<Name, string>>;
};

/**
 * The text values of a form with their errors (useFormErrors): `field(name)` gives a TextField its
 * name, value, label, error and the change that clears it, so the server's field errors land on
 * the fields and each form does not wire them again.
 */
export function useFormFields<Name extends string>(
  initial: Record<Name, string> | (() => Record<Name, string>),
  { isDisabled, labels, idPrefix, size, errorNames }: FormFieldsOptions<Name>,
) {
  const formErrors = useFormErrors();
  const { errors, clearError } = formErrors;
  const [values, setValues] = useState(initial);

  const field = (name: Name) => {
    const errorName = errorNames?.[name] ?? name;
    return {
      name: errorName,
      ...(idPrefix === undefined ? {} : { id: `${idPrefix}${name}` }),
      ...(labels ? { label: labels[name] } : {}),
      ...(size ? { size } : {}),
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        clearError(errorName);
      },
      error: Boolean(errors[errorName]),
      helperText: errors[errorName],
      disabled: isDisabled,
    };
  };

  return { ...formErrors, values, setValues, field };
}
