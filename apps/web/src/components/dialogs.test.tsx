import Dialog from '@mui/material/Dialog';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { Loading } from './loading';
import { UPGRADE_DIALOG_TEXT, UpgradeDialog } from './upgrade-dialog';

describe(ConfirmDialog.name, () => {
  it('asks "Are you sure you want to proceed?" under "Confirm Action" by default', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent('Are you sure you want to proceed?');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a given title and message', () => {
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete Account"
        message="This cannot be undone."
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete Account' })).toHaveTextContent(
      'This cannot be undone.',
    );
  });
});

describe(UpgradeDialog.name, () => {
  it('shows "Feature Locked", the upgrade text and the extra message', () => {
    renderWithProviders(
      <UpgradeDialog open message="Your plan allows 1 store." onViewPlans={vi.fn()} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Feature Locked' });
    expect(dialog).toHaveTextContent(UPGRADE_DIALOG_TEXT);
    expect(dialog).toHaveTextContent('Your plan allows 1 store.');
    expect(UPGRADE_DIALOG_TEXT).toBe(
      'It looks like this feature is part of a subscription plan. Upgrade now to gain access!',
    );
  });

  it('calls View Plans and the close icon', async () => {
    const onViewPlans = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<UpgradeDialog open onViewPlans={onViewPlans} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'View Plans' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onViewPlans).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opens above the dialog that caused it and takes the focus, also when that dialog closes', async () => {
    // A create dialog whose call is refused for the plan: "Feature Locked" opens, then the form
    // closes itself (as the upload dialogs do) and hands focus back to the page.
    function CausingDialog() {
      const [isFormOpen, setIsFormOpen] = useState(true);
      const [isLocked, setIsLocked] = useState(false);
      return (
        <>
          <button type="button">Add store</button>
          <Dialog open={isFormOpen} aria-label="Add store form">
            <button
              type="button"
              onClick={() => {
                setIsLocked(true);
                setTimeout(() => setIsFormOpen(false), 20);
              }}
            >
              Save
            </button>
          </Dialog>
          {isLocked ? <UpgradeDialog open onViewPlans={vi.fn()} onClose={vi.fn()} /> : null}
        </>
      );
    }
    renderWithProviders(<CausingDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const locked = await screen.findByRole('dialog', { name: 'Feature Locked' });
    const layer = locked.closest('.MuiDialog-root');
    expect(Number(getComputedStyle(layer!).zIndex)).toBeGreaterThan(theme.zIndex.modal);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add store form' })).toBeNull());
    // The form handed focus back to the page; the upgrade dialog's trap takes it back.
    await waitFor(() => expect(layer).toContainElement(document.activeElement as HTMLElement));
    await userEvent.tab();
    expect(locked).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveRole('button');
  });

  it('does not close on a click on the backdrop', () => {
    const onClose = vi.fn();
    renderWithProviders(<UpgradeDialog open onViewPlans={vi.fn()} onClose={onClose} />);
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Feature Locked' })).toBeInTheDocument();
  });
});

describe(Loading.name, () => {
  it('reads "Loading"', () => {
    renderWithProviders(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
