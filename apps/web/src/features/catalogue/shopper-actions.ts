import type { ReactNode } from 'react';
import type { Product } from '@kujiya/shared';

/** Why another feature (the waiting room) stops the shopper buying now; BUY and BUY OUT say it. */
export interface PurchaseGate {
  reason: string;
}

/** The waiting room's part of the play popup: its panel, and its gate on BUY and BUY OUT (null: open). */
export interface DropRoomSlot {
  panel: ReactNode;
  gate: PurchaseGate | null;
}

/** A set with no waiting room: the play popup as it is. */
export const withoutDropRoom = (_product: Product, play: (room: DropRoomSlot) => ReactNode) =>
  play({ panel: null, gate: null });

/**
 * What the list and the play popup can do besides browsing. The app shell supplies it (src/app), so
 * the catalogue needs neither the purchase nor the favourites feature.
 */
export interface ShopperActions {
  /** BUY from the play popup with the chosen number of paid tickets. */
  buy: (product: Product, quantity: number) => void;
  /** BUY OUT from the play popup. */
  buyOut: (product: Product) => void;
  /** The favourite heart on a card. */
  toggleFavourite: (product: Product) => void;
  /** Whether the heart of a product is filled. */
  isFavourite: (product: Product) => boolean;
  /** "Notify me" of a set that has not opened (card and play popup); absent: not offered. */
  notifyMe?: (product: Product) => ReactNode;
  /** A shopper is signed in: the list offers their favourites. */
  signedIn: boolean;
  /** A purchase request is running (disables BUY and BUY OUT). */
  busy: boolean;
  /**
   * The set's waiting room on the play popup (docs/rules/drops.md), when it has one: renders `play`
   * with the room's panel and whether it lets the shopper buy now.
   */
  dropRoom?: (product: Product, play: (room: DropRoomSlot) => ReactNode) => ReactNode;
  /** The popups these actions open; render once on the page. */
  dialogs: ReactNode;
}
