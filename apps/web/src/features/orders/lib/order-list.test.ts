import { describe, expect, it } from 'vitest';
import type { Order } from '@kujiya/shared';
import {
  lotteryStateOf,
  netPaidText,
  orderTotalText,
  pageOf,
  refundText,
  searchOrders,
  ticketsText,
} from './order-list';

const order = (n: number, productName: string, over: Partial<Order> = {}): Order => ({
  orderId: `order-${n}`,
  dateTimeCreated: new Date(Date.UTC(2026, 10, n)).toISOString(),
  productName,
  productImage: '',
  productId: { _id: 'p' },
  numberOfTickets: 1,
  totalCost: { $numberDecimal: '1250' },
  paymentIntentId: 'pi_1',
  selectedPrizes: ['A'],
  lotteryEnabled: false,
  lotteryWon: null,
  paid: true,
  shipByDate: null,
  ticketsBought: 1,
  ticketsDrawn: 1,
  refundedTickets: 0,
  refund: null,
  netPaid: { $numberDecimal: '1250' },
  ...over,
});

describe('searchOrders and pageOf', () => {
  const orders = Array.from({ length: 23 }, (_, i) =>
    order(i + 1, i % 2 ? 'Dragon Quest Legends' : 'Sailor Moon Eternal'),
  );

  it('lists newest first, 10 per page', () => {
    const all = searchOrders(orders, '');
    expect(all[0]!.orderId).toBe('order-23');
    const third = pageOf(all, 3);
    expect(third).toMatchObject({ page: 3, pages: 3 });
    expect(third.items).toHaveLength(3);
    expect(pageOf(all, 99).page).toBe(3);
  });

  it('finds product names fuzzily', () => {
    const hits = searchOrders(orders, 'dragn quest');
    expect(hits.length).toBe(11);
    expect(hits.every((o) => o.productName === 'Dragon Quest Legends')).toBe(true);
    expect(searchOrders(orders, 'xyzzy')).toEqual([]);
  });
});

describe('order display', () => {
  it('shows cents for card orders and tokens for token orders', () => {
    expect(orderTotalText(order(1, 'x'))).toBe('$12.50');
    expect(orderTotalText(order(1, 'x', { paymentIntentId: 'TOKEN', totalCost: { $numberDecimal: '300' } }))).toBe(
      '300 tokens',
    );
  });

  it('says tickets bought, free and drawn, the refund and the net paid', () => {
    const challenge = order(1, 'x', {
      paymentIntentId: 'TOKEN',
      totalCost: { $numberDecimal: '160' },
      ticketsBought: 10,
      ticketsDrawn: 3,
      refundedTickets: 7,
      refund: { amount: 112, currency: 'tokens' },
      netPaid: { $numberDecimal: '48' },
    });
    expect(ticketsText(challenge)).toBe('10 tickets bought · 3 drawn');
    expect(refundText(challenge)).toBe('7 tickets refunded as 112 tokens');
    expect(netPaidText(challenge)).toBe('48 tokens');
    expect(ticketsText(order(1, 'x', { ticketsBought: 4, ticketsDrawn: 5 }))).toBe(
      '4 tickets bought · 1 free · 5 drawn',
    );
    expect(refundText(order(1, 'x'))).toBeNull();
    expect(netPaidText(order(1, 'x'))).toBe('$12.50');
  });

  it('waits for a chance set to sell out, then shows Won or Lost', () => {
    expect(lotteryStateOf(order(1, 'x'))).toBe('none');
    expect(lotteryStateOf(order(1, 'x', { lotteryEnabled: true, lotteryWon: null, selectedPrizes: [] }))).toBe(
      'waiting',
    );
    expect(lotteryStateOf(order(1, 'x', { lotteryEnabled: true, lotteryWon: true }))).toBe('won');
    expect(lotteryStateOf(order(1, 'x', { lotteryEnabled: true, lotteryWon: false }))).toBe('lost');
  });
});
