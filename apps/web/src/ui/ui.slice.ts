import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PLAN_VIOLATION_MESSAGE } from '@app/contracts';

export type UiState = {
  upgradeModalOpen: boolean;
  /** The server message of the last plan violation, shown in the upgrade dialog. */
  planBlockMessage: string | null;
};

export type UiRootState = { ui: UiState };

export const initialUiState: UiState = { upgradeModalOpen: false, planBlockMessage: null };

/** Navigation state flag that opens the upgrade dialog when the shell is reached (000 section 2). */
export const UPGRADE_MODAL_STATE_KEY = 'showUpgradeModal';

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    planViolationReceived: (state, action: PayloadAction<string | null | undefined>) => {
      state.upgradeModalOpen = true;
      state.planBlockMessage = action.payload?.trim() || DEFAULT_PLAN_VIOLATION_MESSAGE;
    },
    upgradeModalOpened: (state) => {
      state.upgradeModalOpen = true;
    },
    upgradeModalClosed: (state) => {
      state.upgradeModalOpen = false;
      state.planBlockMessage = null;
    },
  },
});

export const { planViolationReceived, upgradeModalOpened, upgradeModalClosed } = uiSlice.actions;

export const selectUi = (state: UiRootState): UiState => state.ui;
