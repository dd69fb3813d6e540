import type { ContainerType } from '@app/contracts';

export const CONTAINER_TYPE_LABELS: Record<ContainerType, string> = {
  BASKET: 'Basket',
  CART: 'Cart',
  BAG: 'Bag',
};
