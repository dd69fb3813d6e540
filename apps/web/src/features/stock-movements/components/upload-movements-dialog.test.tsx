import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderPanel, sentTo } from '../movements-panel.test-kit';
import { createdOf, makeMovement } from '../stock-movements.fixtures';
import { UploadMovementsDialog } from './upload-movements-dialog';

const UPLOAD = '/api/stock-movement/bulk-upload';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function sheet(name = 'movements.csv') {
  return new File(['sku,source,destination,quantity\nCOF-500,North Depot,High Street,4\n'], name, {
    type: 'text/csv',
  });
}

async function openUpload() {
  await screen.findByText('COF-500');
  await userEvent.click(screen.getByRole('button', { name: 'Upload sheet' }));
  return screen.findByRole('dialog', { name: 'Upload a movement sheet' });
}

describe(UploadMovementsDialog.name, () => {
  it('lists the rows to fix when the sheet is refused, and sends the same key on a retry', async () => {
    const { requests } = renderPanel([
      {
        method: 'POST',
        path: UPLOAD,
        answer: () =>
          jsonResponse(400, {
            code: 'VALIDATION_ERROR',
            message: 'The sheet has 3 rows to fix. Nothing was moved.',
            details: {
              rows: [
                { row: 2, column: 'sku', message: 'No product with SKU XYZ at North Depot.' },
                { row: 4, column: 'quantity', message: 'The quantity must be a whole number.' },
              ],
              totalErrors: 3,
            },
          }),
      },
    ]);
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose a CSV or Excel file.')).toBeInTheDocument();

    await userEvent.upload(within(dialog).getByLabelText('Movement sheet'), sheet());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('The sheet has 3 rows to fix. Nothing was moved.'),
    ).toBeInTheDocument();
    const rows = within(dialog).getByRole('list', { name: 'Rows to fix' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 2 (sku): No product with SKU XYZ at North Depot.',
      'Row 4 (quantity): The quantity must be a whole number.',
    ]);
    expect(dialog).toHaveTextContent('The first 2 of 3 problems:');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sentTo(requests, UPLOAD, 'POST')).toHaveLength(2));
    const [first, second] = sentTo(requests, UPLOAD, 'POST');
    const form = await first!.request.formData();
    // jsdom's File does not survive the trip into Node's Request whole; the part is there.
    expect(form.has('file')).toBe(true);
    expect(first!.request.headers.get('Idempotency-Key')).toBe(
      second!.request.headers.get('Idempotency-Key'),
    );
  });

  it('lists no rows when the message already names the only one', async () => {
    renderPanel([
      {
        method: 'POST',
        path: UPLOAD,
        answer: () =>
          jsonResponse(400, {
            code: 'VALIDATION_ERROR',
            message: 'The sheet has a problem in row 2, column sku: No product XYZ. Nothing was saved.',
            details: { rows: [{ row: 2, column: 'sku', message: 'No product XYZ.' }], totalErrors: 1 },
          }),
      },
    ]);
    const dialog = await openUpload();
    await userEvent.upload(within(dialog).getByLabelText('Movement sheet'), sheet());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(/problem in row 2/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Rows to fix' })).toBeNull();
  });

  it('creates one batch from the sheet and shows its codes once', async () => {
    const created = createdOf([
      makeMovement({ id: '4c000000-0000-4000-8000-0000000000d1' }),
      makeMovement({ id: '4c000000-0000-4000-8000-0000000000d2', sku: 'TEA-01' }),
    ]);
    const { requests } = renderPanel([
      { method: 'POST', path: UPLOAD, answer: () => jsonResponse(201, created) },
    ]);
    const dialog = await openUpload();
    await userEvent.upload(within(dialog).getByLabelText('Movement sheet'), sheet());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Monday delivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const codes = await screen.findByRole('dialog', { name: 'Batch of 2 movements created' });
    expect(within(codes).getByTestId('source-code')).toHaveTextContent('482 913');
    expect(await screen.findByText('2 movements created from the sheet')).toBeInTheDocument();
    const [upload] = sentTo(requests, UPLOAD, 'POST');
    expect((await upload!.request.formData()).get('note')).toBe('Monday delivery');
  });

  it('leaves a plan violation to the Feature Locked dialog', async () => {
    const { store } = renderPanel([
      {
        method: 'POST',
        path: UPLOAD,
        answer: () =>
          jsonResponse(
            403,
            { code: 'PLAN_VIOLATION', message: 'Bulk upload needs the Basic plan.' },
            { 'X-Plan-Violation': '1' },
          ),
      },
    ]);
    const dialog = await openUpload();
    await userEvent.upload(within(dialog).getByLabelText('Movement sheet'), sheet());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(store.getState().ui).toEqual({
      upgradeModalOpen: true,
      planBlockMessage: 'Bulk upload needs the Basic plan.',
    });
  });

  it('downloads the templates under their names', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:sheet', revokeObjectURL: vi.fn() }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const file = () => new Response(new TextEncoder().encode('sku,source,destination,quantity\n'));
    renderPanel([
      { path: '/api/stock-movement/template/excel', answer: file },
      { path: '/api/stock-movement/template/csv', answer: file },
    ]);
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excel template' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'CSV template' }));
    await waitFor(() =>
      expect(names).toEqual(['stock_movement_template.xlsx', 'stock_movement_template.csv']),
    );
  });
});
