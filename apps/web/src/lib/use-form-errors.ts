import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, getFieldErrors } from '../api/api-error';
import { firstFieldErrors } from './validation';

export type FormErrors = Record<string, string>;

/** The control to focus for a field: itself, or for a select's hidden input, its visible box. */
function focusTarget(element: Element): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  if (element.tabIndex >= 0 && !(element instanceof HTMLInputElement && element.type === 'hidden')) {
    return element;
  }
  // A select's hidden input: its combobox; a file chooser's input: its button.
  return (
    element
      .closest('.MuiFormControl-root, .MuiInputBase-root')
      ?.querySelector<HTMLElement>('[tabindex="0"], input:not([tabindex="-1"]), textarea') ??
    element.parentElement?.querySelector<HTMLElement>('button') ??
    null
  );
}

/** Focuses the first field of the form (in page order) that has an error; true if one was found. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FormErrors): boolean {
  if (!form) return false;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name]) {
      const target = focusTarget(element);
      if (target && !target.hasAttribute('disabled')) {
        target.focus();
        return true;
      }
    }
  }
  return false;
}

/**
 * The error state every form shares: a message under each field, one alert for what no field
 * shows. Errors shown by a submit move focus to the first invalid field (or bring the alert into
 * view); a field's error goes as soon as the field changes; a server error appears once, under
 * its field when the form has that field, else in the alert.
 */
export function useFormErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // After the errors of a submit are on screen: the first invalid field, else the alert.
  useEffect(() => {
    if (attempt === 0) return;
    if (focusFirstInvalid(formRef.current, errors)) return;
    alertRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    // Only a new submit moves focus, not every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  /** The result of checking the form before sending: errors at the fields, focus on the first. */
  const showErrors = useCallback((next: FormErrors) => {
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) setAttempt((count) => count + 1);
  }, []);

  /**
   * A failed call: its field errors under the form's fields (names mapped by `toFieldName`), and
   * the message in the alert only when no field of the form shows an error.
   */
  const showServerError = useCallback(
    (error: unknown, fallback: string, toFieldName: (path: string) => string = (path) => path) => {
      const atFields: FormErrors = {};
      const names = new Set(
        Array.from(formRef.current?.elements ?? [])
          .map((element) => element.getAttribute('name'))
          .filter(Boolean),
      );
      for (const [path, message] of Object.entries(firstFieldErrors(getFieldErrors(error)))) {
        const name = toFieldName(path);
        if (names.has(name)) atFields[name] = message;
      }
      const hasFieldErrors = Object.keys(atFields).length > 0;
      setErrors(atFields);
      setFormError(hasFieldErrors ? null : getErrorMessage(error, fallback));
      setAttempt((count) => count + 1);
    },
    [],
  );

  /** A field changed: its error no longer applies. */
  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const clearAll = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  return {
    formRef,
    alertRef,
    errors,
    formError,
    setFormError,
    showErrors,
    showServerError,
    clearError,
    clearAll,
  };
}
