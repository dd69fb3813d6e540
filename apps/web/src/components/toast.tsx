import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { demandToasts } from './toast-demand';

/** Toast timings of 000 section 9. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SUCCESS_TOAST_MS = 2000;
export const DRAG_DISMISS_PERCENT = 80;

/** The one toast container: top-right, 5 s, drag to dismiss at 80 percent. */
export function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggable
      draggablePercent={DRAG_DISMISS_PERCENT}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="colored"
    />
  );
}

export function notifySuccess(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.success(message, { autoClose: SUCCESS_TOAST_MS, ...options });
}

export function notifyError(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.error(message, options);
}

export function notifyInfo(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.info(message, options);
}
