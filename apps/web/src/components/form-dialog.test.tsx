import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../api/api-error';
import { renderWithProviders } from '../test/render';
import { FormDialog } from './form-dialog';
import { useFormFields } from './use-form-fields';

const refusal = (fieldErrors: Record<string, string[]>, message = 'Refused.'): ApiError => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message,
  fieldErrors,
});

type Props = {
  isBusy?: boolean;
  answer?: ApiError;
  onClose?: () => void;
  onSaved?: (values: Record<'name' | 'code', string>) => void;
};

/** A dialog as the features write one: two fields, and a save that the server may refuse. */
function NameDialog({ isBusy = false, answer, onClose = vi.fn(), onSaved = vi.fn() }: Props) {
  const form = useFormFields(
    { name: 'Anna', code: '' },
    {
      isDisabled: isBusy,
      labels: { name: 'Name', code: 'Code' },
      idPrefix: 'test-',
      errorNames: { code: 'cardCode' },
    },
  );
  return (
    <FormDialog
      title="Name it"
      submitLabel="Save name"
      isBusy={isBusy}
      form={form}
      onClose={onClose}
      onSubmit={() => {
        if (answer) form.showServerError(answer, 'Could not save.');
        else onSaved(form.values);
      }}
      secondaryAction={<Button>Reset</Button>}
    >
      <TextField autoFocus {...form.field('name')} />
      <TextField {...form.field('code')} />
    </FormDialog>
  );
}

describe(FormDialog.name, () => {
  it('submits with Enter and offers Cancel beside the submit button', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<NameDialog onSaved={onSaved} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Name it' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveAttribute('id', 'test-name');
    await userEvent.type(name, 'bel{Enter}');
    expect(onSaved).toHaveBeenCalledWith({ name: 'Annabel', code: '' });

    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reset', 'Cancel', 'Save name']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says "Saving..." while busy, turns the buttons and fields off and stays open on Escape', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameDialog isBusy onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Name it' });
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors on their fields and focuses the first; a change clears it', async () => {
    renderWithProviders(<NameDialog answer={refusal({ cardCode: ['That card is taken.'] })} />);
    const dialog = screen.getByRole('dialog', { name: 'Name it' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    const code = within(dialog).getByLabelText('Code');
    expect(code).toHaveAttribute('name', 'cardCode');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('That card is taken.')).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.type(code, '7');
    expect(code).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByText('That card is taken.')).toBeNull();
  });

  it('shows an error that no field shows in the alert above the fields', async () => {
    renderWithProviders(<NameDialog answer={refusal({}, 'The server is busy.')} />);
    const dialog = screen.getByRole('dialog', { name: 'Name it' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server is busy.');
  });
});
