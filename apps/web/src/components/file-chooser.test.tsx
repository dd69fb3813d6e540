import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FileChooser } from './file-chooser';

function Harness({ isRemovable = false }: { isRemovable?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return <FileChooser file={file} onChange={setFile} label="Attachment" isRemovable={isRemovable} />;
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

describe(FileChooser.name, () => {
  it('accepts JPEG, PNG and PDF by default behind a "Choose File" button', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('Choose File')).toBeInTheDocument();
    expect(screen.getByLabelText('Attachment')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,application/pdf',
    );
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('previews a chosen image and can remove it', async () => {
    renderWithProviders(<Harness isRemovable />);
    await userEvent.upload(
      screen.getByLabelText('Attachment'),
      new File(['x'], 'shop.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of shop.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByText('shop.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('shows no preview for a PDF', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('Attachment'),
      new File(['x'], 'invoice.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('invoice.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
