import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api';
import { sessionListener } from '../session/session.listeners';
import { readStoredSession } from '../session/session-storage';
import { createSessionState, loggedOut, sessionSlice, type SessionState } from '../session/session.slice';
import { uiSlice, type UiState } from '../ui/ui.slice';

const rootReducer = combineReducers({
  [sessionSlice.name]: sessionSlice.reducer,
  [uiSlice.name]: uiSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Forgets every cached answer when the session ends, so the next user never sees them. */
const cacheListener = createListenerMiddleware();
cacheListener.startListening({
  actionCreator: loggedOut,
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(baseApi.util.resetApiState());
  },
});

export type CreateStoreOptions = {
  /** Defaults to the session restored from sessionStorage (000 section 4). */
  session?: SessionState;
  ui?: UiState;
};

export function createAppStore(options: CreateStoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: options.session ?? createSessionState(readStoredSession()),
      ...(options.ui && { ui: options.ui }),
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(sessionListener.middleware)
        .concat(baseApi.middleware, cacheListener.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
