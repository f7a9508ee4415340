// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { prizeListSchema, productListingSchema, successResponseSchema, type LiveBoardMessage } from '@kujiya/shared';
import { listing, prize, product } from '../../../test/fixtures';
import { answer } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { liveSocket } from '../../../app/live';
import type { ShopperActions } from '../shopper-actions';
import { ProductListPage } from './ProductListPage';

/** The browser's WebSocket, played by the test: it records what the page sends and delivers frames. */
class FakeWebSocket extends EventTarget {
  static last: FakeWebSocket | undefined;
  readyState = 0;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  deliver(message: LiveBoardMessage) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }
}

const actions = (): ShopperActions => ({
  buy: vi.fn(),
  buyOut: vi.fn(),
  toggleFavourite: vi.fn(),
  isFavourite: () => false,
  signedIn: false,
  busy: false,
  dialogs: null,
});

const hot = product({ name: 'Hot Drop Kuji', quantity: '5/10' });
const quiet = product({ name: 'Quiet Kuji', quantity: '20/50' });
const prizeA = prize({ name: 'Prize A', quantity: '1/2' });
const last = prize({ name: 'Last Prize', rank: 'LAST', quantity: '1/1' });

function openList() {
  answer('get', '/api/ichiban-kuji-products', productListingSchema, listing(hot, quiet));
  answer('get', '/api/prizes/:setId/:productId', prizeListSchema, [prizeA, last]);
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  const rendered = renderWithApp(<ProductListPage actions={actions()} />, { path: '/ichiban-kuji-products' });
  liveSocket().start();
  FakeWebSocket.last!.open();
  return rendered;
}

const board = (left: number, prizeA: number, lastPrize: number): LiveBoardMessage => ({
  type: 'board',
  setId: hot.setId,
  left,
  total: 10,
  prizes: [
    { id: prize({ name: 'Prize A' }).id, remaining: prizeA },
    { id: last.id, remaining: lastPrize },
  ],
});

describe('the live prize board on the cards and the play popup (docs/rules/drops.md)', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => {
    liveSocket().stop();
    vi.unstubAllGlobals();
  });

  it('watches the listed sets and moves a card to SOLD OUT the moment its board says so', async () => {
    openList();
    const card = await screen.findByRole('article', { name: 'Hot Drop Kuji' });
    await waitFor(() =>
      expect(FakeWebSocket.last!.sent.at(-1)).toEqual({
        type: 'watch',
        setIds: expect.arrayContaining([hot.setId, quiet.setId]),
      }),
    );
    expect(within(card).getByText('5/10 left')).toBeInTheDocument();

    FakeWebSocket.last!.deliver(board(3, 1, 1));
    expect(await within(card).findByText('3/10 left')).toBeInTheDocument();
    expect(within(card).queryByText('SOLD OUT')).not.toBeInTheDocument();

    FakeWebSocket.last!.deliver(board(0, 0, 0));
    expect(await within(card).findByText('SOLD OUT')).toBeInTheDocument();
    expect(within(card).getByText('0/10 left')).toBeInTheDocument();
    // Another set's card is left as it was.
    expect(within(screen.getByRole('article', { name: 'Quiet Kuji' })).getByText('20/50 left')).toBeInTheDocument();
  });

  it("puts the popup's set first in the watch list and counts its prizes down, a prize at 0 SOLD OUT", async () => {
    const rendered = openList();
    const card = await screen.findByRole('article', { name: 'Quiet Kuji' });
    const hotCard = screen.getByRole('article', { name: 'Hot Drop Kuji' });
    expect(card).toBeInTheDocument();
    await rendered.user.click(within(hotCard).getByRole('button', { name: 'Play' }));
    const popup = await screen.findByRole('dialog', { name: 'Hot Drop Kuji' });
    await within(popup).findByRole('button', { name: /View Prize A/ });
    await waitFor(() => expect(FakeWebSocket.last!.sent.at(-1)).toMatchObject({ setIds: [hot.setId, quiet.setId] }));

    FakeWebSocket.last!.deliver(board(4, 0, 1));
    expect(await within(popup).findByRole('button', { name: /View Prize A.*SOLD OUT/ })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: /View Last Prize/ })).not.toHaveAccessibleName(
      expect.stringContaining('SOLD OUT'),
    );
  });
});
