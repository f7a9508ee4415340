// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userOrdersResponseSchema, type Order } from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { OrdersPage } from './OrdersPage';

/** A paid order of `tickets` tickets: with tokens (10 a ticket) or by card ($5.00 a ticket). */
function order(name: string, tickets: number, paidWith: 'tokens' | 'card', overrides: Partial<Order> = {}): Order {
  const total = paidWith === 'tokens' ? tickets * 10 : tickets * 500;
  return {
    orderId: uuid(`order ${name} ${tickets}`),
    dateTimeCreated: '2026-11-20T07:05:00.000Z',
    productName: name,
    productImage: 'set.png',
    productId: { _id: uuid(`product ${name}`) },
    numberOfTickets: tickets,
    totalCost: { $numberDecimal: String(total) },
    paymentIntentId: paidWith === 'tokens' ? 'TOKEN' : 'pi_card',
    selectedPrizes: ['A'],
    lotteryEnabled: false,
    lotteryWon: null,
    paid: true,
    shipByDate: null,
    ticketsBought: tickets,
    ticketsDrawn: tickets,
    refundedTickets: 0,
    refund: null,
    netPaid: { $numberDecimal: String(total) },
    ...overrides,
  };
}

function openOrders(orders: Order[]) {
  signInShopper('alice');
  answer('get', '/api/order/user/:username', userOrdersResponseSchema, { orders });
  return renderWithApp(<OrdersPage />, { path: '/orders' });
}

const rowNames = () => screen.getAllByTestId('order-row').map((row) => row.querySelector('strong')!.textContent);

describe("the shopper's orders (docs/rules/fulfilment.md)", () => {
  it('lists each order with its tickets, total and refund, linked to its details', async () => {
    const challenge = order('Bleach Kuji', 10, 'card', {
      ticketsDrawn: 3,
      refundedTickets: 7,
      refund: { amount: 70, currency: 'tokens' },
    });
    openOrders([order('Naruto Kuji', 3, 'tokens'), challenge]);
    const [naruto, bleach] = await screen.findAllByTestId('order-row');
    expect(naruto).toHaveTextContent('3 tickets bought · 3 drawn · 30 tokens');
    expect(naruto).toHaveTextContent('20 Nov 2026, 3:05 pm');
    expect(bleach).toHaveTextContent('10 tickets bought · 3 drawn · $50.00');
    expect(within(bleach!).getByTestId('order-refund')).toHaveTextContent(
      '7 tickets refunded as 70 tokens · Net paid $50.00',
    );
    expect(bleach).toHaveAttribute('href', `/order-details/${challenge.orderId}`);
    expect(sent('GET', '/api/order/user/alice')).toHaveLength(1);
  });

  it('searches the orders and pages them ten at a time', async () => {
    const many = Array.from({ length: 11 }, (_, i) => order('One Piece Kuji', i + 1, 'tokens'));
    const page = openOrders([...many, order('Naruto Kuji', 2, 'card')]);
    await screen.findAllByTestId('order-row');
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(rowNames()).toHaveLength(2);

    await page.user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'naruto');
    await waitFor(() => expect(rowNames()).toEqual(['Naruto Kuji']));
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).not.toBeInTheDocument();
    await page.user.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await page.user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'gundam');
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });
});
