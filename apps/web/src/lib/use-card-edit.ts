import { useCallback, useState } from 'react';
import { notifySuccess } from '../components/toast';
import { changedFields } from './changed-fields';
import { useFormErrors } from './use-form-errors';
import { validate } from './validation';

type Schema = Parameters<typeof validate>[0];
const samePath = (path: string) => path;

/**
 * The state of one card's edit mode (000 section 4): the values as loaded when Edit was pressed,
 * the values being typed, the field errors, and the request waiting for its confirmation.
 * Close drops all of it.
 */
export function useCardEdit<K extends string, Request>(loaded: Record<K, string>) {
  const [initial, setInitial] = useState<Record<K, string> | null>(null);
  const [values, setValues] = useState<Record<K, string>>(loaded);
  const [pending, setPending] = useState<Request | null>(null);
  const formErrors = useFormErrors();
  const { clearAll, clearError } = formErrors;
  const isEditing = initial !== null;

  const edit = useCallback(() => {
    setInitial(loaded);
    setValues(loaded);
    clearAll();
  }, [loaded, clearAll]);

  const close = useCallback(() => {
    setInitial(null);
    setPending(null);
    clearAll();
  }, [clearAll]);

  const setValue = useCallback(
    (field: K, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
    [clearError],
  );

  /** Props of a TextField for one field of the card. */
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    error: Boolean(formErrors.errors[name]),
    helperText: formErrors.errors[name],
  });

  /**
   * Checks `request` with its contract schema: the field errors at their fields (`toField` maps a
   * schema path to a field), or the confirmation asked for `confirming` (the request by default).
   */
  const askIfValid = (schema: Schema, request: unknown, confirming: Request, toField = samePath) => {
    const { errors } = validate(schema, request);
    const atFields: Record<string, string> = {};
    for (const [path, message] of Object.entries(errors ?? {})) atFields[toField(path)] = message;
    formErrors.showErrors(atFields);
    if (!errors) setPending(confirming);
  };

  /** Sends the confirmed request: a success toast and Close, or the server's errors in the card. */
  const sendPending = async (
    send: (request: Request) => Promise<unknown>,
    texts: { success: string; failure: string },
    toField = samePath,
  ) => {
    if (!pending) return;
    const request = pending;
    setPending(null);
    try {
      await send(request);
      notifySuccess(texts.success);
      close();
    } catch (error) {
      formErrors.showServerError(error, texts.failure, toField);
    }
  };

  return {
    ...formErrors,
    askIfValid,
    sendPending,
    isEditing,
    values,
    setValue,
    field,
    /** What differs from the values loaded when editing began. */
    changes: () => (initial ? changedFields(initial, values) : {}),
    edit,
    close,
    pending,
    askConfirmation: setPending,
    cancelConfirmation: () => setPending(null),
  };
}
