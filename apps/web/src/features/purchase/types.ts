import type { Product } from '@kujiya/shared';

/** Payment state in session storage for /kuji-payment, plus the set being paid for. */
export interface KujiPaymentState {
  kind: 'kuji';
  clientSecret: string;
  orderId: string;
  ticketsBought: number;
  selectedProduct: Product;
  buyOut: boolean;
}
