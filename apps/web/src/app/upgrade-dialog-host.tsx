import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { selectUi, upgradeModalClosed } from '../ui/ui.slice';

/** Connects the "Feature Locked" dialog to the ui slice that every plan violation opens. */
export function UpgradeDialogHost() {
  const { upgradeModalOpen, planBlockMessage } = useSelector(selectUi);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (
    <UpgradeDialog
      open={upgradeModalOpen}
      message={planBlockMessage}
      onViewPlans={() => {
        dispatch(upgradeModalClosed());
        void navigate('/subscription-plans');
      }}
      onClose={() => {
        dispatch(upgradeModalClosed());
        void navigate('/dashboard');
      }}
    />
  );
}
