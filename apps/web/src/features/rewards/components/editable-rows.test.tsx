import TextField from '@mui/material/TextField';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { EditableRows } from './editable-rows';

type Line = { key: string; label: string };

let lastKey = 0;
const newLine = (): Line => ({ key: `new-${++lastKey}`, label: '' });

function Lines({
  initial,
  errors = {},
  onFieldChange = () => undefined,
}: {
  initial: Line[];
  errors?: Record<string, string>;
  onFieldChange?: (name: string) => void;
}) {
  const [rows, setRows] = useState(initial);
  return (
    <EditableRows
      name="lines"
      title="Lines"
      description="Each line of the list."
      rowNoun="Line"
      rows={rows}
      columns="1fr"
      minRows={1}
      maxRows={2}
      newRow={newLine}
      onChange={setRows}
      errors={errors}
      onFieldChange={onFieldChange}
      idPrefix="test-"
      disabled={false}
      renderFields={(field) => <TextField {...field('label', 'Label')} />}
    />
  );
}

describe(EditableRows.name, () => {
  it('adds rows up to the most and removes them down to the fewest', async () => {
    renderWithProviders(<Lines initial={[{ key: 'a', label: 'First' }]} />);
    expect(screen.getByRole('group', { name: 'Lines' })).toHaveTextContent('Each line of the list.');
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(screen.getByRole('group', { name: 'Line 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add line' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.queryByRole('group', { name: 'Line 2' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Label')).toHaveValue('');
  });

  it('shows the errors at their fields and under the list, and clears both on a change', async () => {
    const onFieldChange = vi.fn();
    renderWithProviders(
      <Lines
        initial={[{ key: 'a', label: 'First' }]}
        errors={{ 'lines.0.label': 'Name the line.', lines: 'Too few lines.' }}
        onFieldChange={onFieldChange}
      />,
    );
    const label = screen.getByLabelText('Label');
    expect(label).toHaveAttribute('name', 'lines.0.label');
    expect(label).toHaveAttribute('id', 'test-lines.0.label');
    expect(label).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name the line.')).toBeInTheDocument();
    expect(screen.getByText('Too few lines.')).toBeInTheDocument();

    await userEvent.type(label, 's');
    expect(label).toHaveValue('Firsts');
    expect(onFieldChange).toHaveBeenCalledWith('lines.0.label');
    expect(onFieldChange).toHaveBeenCalledWith('lines');
  });
});
