import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { BulkUploadDialog } from './components/bulk-upload-dialog';
import { mockXhr, renderStockTab, type XhrAnswer } from './test-server';

const SHEET = 'sku,barcode,quantity,location\nOAT-1L,,10,High Street\n';

function csvFile(name = 'stock.csv', text = SHEET) {
  return new File([text], name, { type: 'text/csv' });
}

async function openUpload() {
  await screen.findByText('OAT-1L');
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
  return screen.findByRole('dialog', { name: 'Upload stock spreadsheet' });
}

async function chooseFile(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe(BulkUploadDialog.name, () => {
  it('sends the file and the mode with the token and a key, shows the progress, then "N rows uploaded"', async () => {
    const { sent, step } = mockXhr(() => ({ status: 200, body: { rows: 3, created: 1, changed: 2 } }), {
      isAutomatic: false,
    });
    const { requests } = renderStockTab();
    const dialog = await openUpload();
    await chooseFile(dialog, csvFile());
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Replace the stock (a full count)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('Sending the file...')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    step();
    expect(await within(dialog).findByText('Sending the file: 50 %')).toBeInTheDocument();
    const progress = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    step();
    expect(await within(dialog).findByText('Checking every row and saving the stock...')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    step();
    expect(await screen.findByText('3 rows uploaded')).toBeInTheDocument();

    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/inventory/bulk-upload');
    expect(sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.form.get('mode')).toBe('set');
    expect((sent[0]!.form.get('file') as File).name).toBe('stock.csv');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload stock spreadsheet' })).toBeNull(),
    );
    // The list is read again.
    await waitFor(() =>
      expect(
        requests.filter((request) => request.url.includes('/api/inventory/page/location/')).length,
      ).toBeGreaterThan(1),
    );
  });

  it('lists the rows to fix of a refused sheet, with the total when the list is capped', async () => {
    const refusal: XhrAnswer = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'The sheet has 250 rows to fix; nothing was saved.',
        details: {
          rows: [
            { row: 2, column: 'sku', message: 'No product with SKU "NOPE" at High Street.' },
            { row: 5, column: 'quantity', message: 'The quantity must be a whole number from 0.' },
            { row: 9, column: 'location', message: 'No location named "Moon Base".' },
          ],
          totalRows: 250,
        },
      },
    };
    const { sent } = mockXhr(() => refusal);
    renderStockTab();
    const dialog = await openUpload();
    await chooseFile(dialog, csvFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(
      await within(dialog).findByText('250 problems in the sheet. Nothing was saved.'),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('table', { name: 'Rows to fix' });
    const rows = within(list).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('2skuNo product with SKU "NOPE" at High Street.');
    expect(rows[3]).toHaveTextContent('9locationNo location named "Moon Base".');
    expect(within(dialog).getByText(/Showing the first 3 of 250 problems/)).toBeInTheDocument();

    // Sending the same file again is a retry of the same action: the same key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await within(dialog).findByRole('button', { name: 'Upload' });
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
    // Another file is another action.
    await chooseFile(dialog, csvFile('fixed.csv', `${SHEET}RYE-800,,2,High Street\n`));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('opens "Feature Locked" when the plan has no bulk upload', async () => {
    mockXhr(() => ({
      status: 403,
      headers: { 'X-Plan-Violation': '1' },
      body: { code: 'PLAN_VIOLATION', message: 'Bulk upload is part of the Basic plan and above.' },
    }));
    const { store } = renderStockTab();
    const dialog = await openUpload();
    await chooseFile(dialog, csvFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(store.getState().ui.upgradeModalOpen).toBe(true));
    expect(store.getState().ui.planBlockMessage).toBe('Bulk upload is part of the Basic plan and above.');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload stock spreadsheet' })).toBeNull(),
    );
  });

  it('shows "Bulk upload failed!" with the reason for any other failure', async () => {
    mockXhr(() => ({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'The file has over 50,000 rows.' },
    }));
    renderStockTab();
    const dialog = await openUpload();
    await chooseFile(dialog, csvFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Bulk upload failed! The file has over 50,000 rows.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upload stock spreadsheet' })).toBeInTheDocument();
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const { sent } = mockXhr(() => ({ status: 200, body: { rows: 0, created: 0, changed: 0 } }));
    renderStockTab();
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose the spreadsheet to upload.')).toBeInTheDocument();
    // A file the picker's filter would hide can still be dropped or picked with "All files".
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['%PDF'], 'stock.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Choose a CSV or an Excel (.xlsx) file.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('downloads the templates as inventory_template.xlsx and .csv', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => undefined }),
    );
    const { requests } = renderStockTab([
      {
        path: '/api/inventory/template/excel',
        answer: () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
      },
      { path: '/api/inventory/template/csv', answer: () => new Response('sku,barcode,quantity,location\n') },
    ]);
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excel template' }));
    await waitFor(() => expect(saved).toEqual(['inventory_template.xlsx']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'CSV template' }));
    await waitFor(() => expect(saved).toEqual(['inventory_template.xlsx', 'inventory_template.csv']));
    const download = requests.find((request) => request.url.includes('/template/excel'))!;
    expect(download.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('tells why a template cannot be downloaded', async () => {
    renderStockTab([{ path: '/api/inventory/template/csv', answer: () => jsonResponse(500, {}) }]);
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'CSV template' }));
    expect(await screen.findByText('Failed to download template')).toBeInTheDocument();
  });
});
