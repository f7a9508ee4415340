import type { Product } from '@kujiya/shared';

/** Order state in session storage, read by /draw (spec 000 §3). */
export interface OrderState {
  orderId: string;
  ticketsBought: number;
  selectedProduct: Product;
}

/** Payment state in session storage for /kuji-payment (spec 000 §3), plus the set being paid for. */
export interface KujiPaymentState {
  kind: 'kuji';
  clientSecret: string;
  orderId: string;
  ticketsBought: number;
  selectedProduct: Product;
  buyOut: boolean;
}

/** Navigation state of /draw: set when a card payment for the order has just succeeded. */
export interface DrawNavigationState {
  paymentSuccessful?: boolean;
}
