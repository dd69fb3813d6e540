import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
