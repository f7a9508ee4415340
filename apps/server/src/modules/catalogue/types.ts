import { DAY_MS, type Promotion } from '@kujiya/shared';
import type { Round } from './rounds.ts';

/** A set is "new" while its current round opened less than this long ago (docs/catalogue.md). */
export const NEW_PRODUCT_WINDOW_MS = 30 * DAY_MS;
export const PRODUCT_NOT_FOUND = 'Product not found';
export const RELOAD_REFUSED_RESERVED =
  'This round has unpaid reservations. Try Reload Set again when they are paid or expired.';
export const RELOAD_REFUSED_HOLD = 'A card buy-out holds this round. Try Reload Set again when it is paid or expired.';
/** An admin edit that would change a running round's box or prizes (docs/rules/fairness.md). */
export const PRIZES_LOCKED =
  "This set's box and prizes are fixed while its round runs. Reload the set to open a new round with the changed prizes.";
export const SKU_TAKEN = 'This SKU is already used by another round';
export const BOX_FIXED =
  "A running round's quantity and sold count follow its tickets; change prize quantities with Reload Set.";

/** A product's prizes as an edit proposes them: what the round's rules document depends on. */
export type ProposedPrize =
  | { kind: 'letter'; letter: string; quantity: number }
  | { kind: 'last'; quantity?: number }
  | { kind: 'double'; quantity: number };

/** A product as other modules see it (prices in cents and tokens). */
export interface CatalogueProduct {
  id: string;
  name: string;
  description: string;
  image: string;
  tokenPrice: number;
  priceCents: number;
  tags: string[];
  preorder: boolean;
  arrival: string | null;
  doubleChance: boolean;
  lotteryEnabled: boolean;
  promotionId: string | null;
  active: boolean;
  createdAt: Date;
  currentRoundId: string | null;
  /** Drop-day limits (docs/rules/drops.md); null is no limit. */
  maxTicketsPerShopper: number | null;
  maxTicketsPerOrder: number | null;
  orderCooldownSeconds: number | null;
}

/** A prize of a product as other modules see it (inventory, results, trading), without round counts. */
export interface CataloguePrize {
  id: string;
  productId: string;
  /** A..Z for letter prizes, LAST for the Last Prize, DCn for double-chance prizes. */
  letter: string;
  kind: 'letter' | 'last' | 'double';
  name: string;
  description: string;
  image: string;
  type: 'Small' | 'Big';
  itemType: string;
  initialQuantity: number;
  sort: number;
  /** A double-chance prize kept for past rounds only. */
  retired: boolean;
}

/** A round with its product and promotion, as a purchase sees it. */
export interface RoundContext {
  product: CatalogueProduct;
  promotion: Promotion | null;
  round: Round;
}

/** The public shape of a round, its seed only once revealed (docs/rules/fairness.md). */
export interface PublicRound {
  setId: string;
  productId: string;
  productName: string;
  sku: string;
  roundNumber: number;
  status: Round['status'];
  commitment: string;
  serverSeed: string | null;
  totalTickets: number;
  openedAt: Date;
  closedAt: Date | null;
  /** The committed rules (docs/rules/fairness.md) and the chained log's head; null for older rounds. */
  rulesDocument: string | null;
  rulesHash: string | null;
  headHash: string | null;
}
