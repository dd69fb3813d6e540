import type { PurchaseOrderStatus } from '@app/contracts';

/** What each purchasing call shows when the server gives neither `message` nor `error`. */
export const PURCHASING_ERRORS = {
  list: 'Failed to fetch purchase orders',
  get: 'Failed to fetch purchase order',
  create: 'Failed to create purchase order',
  update: 'Failed to update purchase order',
  send: 'Failed to send purchase order',
  receive: 'Failed to receive purchase order',
  close: 'Failed to close purchase order',
  cancel: 'Failed to cancel purchase order',
  document: 'Failed to download purchase order',
  suggestions: 'Failed to fetch suggested orders',
  drafts: 'Failed to create draft orders',
  products: 'Failed to fetch products',
  stock: 'Failed to fetch inventory',
  suppliers: 'Failed to fetch suppliers',
} as const;

export const PURCHASING_SUCCESS = {
  created: 'Draft order saved',
  updated: 'Draft order saved',
  sentMailed: (email: string) => `Order sent to ${email}`,
  sentByHand: 'Order sent. Pass the PDF on to the supplier.',
  received: 'Delivery received',
  closed: 'Order closed',
  cancelled: 'Order cancelled',
  drafts: (count: number) => `${count} draft ${count === 1 ? 'order' : 'orders'} created`,
} as const;

export const STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Draft',
  SENT: 'Sent',
  PARTIALLY_RECEIVED: 'Partly received',
  RECEIVED: 'Received',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};
