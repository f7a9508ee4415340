// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ws } from 'msw';
import { livePurchaseMessageSchema, type LivePurchaseMessage } from '@kujiya/shared';
import { liveSocket } from '../../../app/live';
import { signInShopper } from '../../../test/auth';
import { server } from '../../../test/server';
import { renderWithApp } from '../../../test/render';
import { PurchaseToast } from './PurchaseToast';

/** The shop's live socket (docs/rules/live.md), answered by MSW: it sends these messages on connection. */
function liveSocketSends(...messages: LivePurchaseMessage[]) {
  const live = ws.link('ws://localhost:3000/ws');
  server.use(
    live.addEventListener('connection', ({ client }) => {
      for (const message of messages) client.send(JSON.stringify(livePurchaseMessageSchema.parse(message)));
    }),
  );
}

const purchase = (username: string, productName: string): LivePurchaseMessage => ({
  type: 'purchase',
  username,
  productName,
  message: `${username} just bought ${productName}!`,
});

/** Renders the banner, then opens the page's one socket as the app's LiveUpdates does. */
function renderBanner() {
  const page = renderWithApp(<PurchaseToast />);
  act(() => liveSocket().start());
  return page;
}

afterEach(() => liveSocket().stop());

describe("the live banner of other shoppers' purchases (docs/rules/live.md)", () => {
  it("shows another shopper's purchase and closes with ×", async () => {
    liveSocketSends(purchase('bob', 'One Piece Vol. 3'));
    const page = renderBanner();
    const toast = await screen.findByTestId('purchase-toast');
    expect(toast).toHaveTextContent('bob just bought One Piece Vol. 3!');
    await page.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('purchase-toast')).not.toBeInTheDocument();
  });

  it("leaves out the signed-in shopper's own purchase and shows the newest other one", async () => {
    signInShopper('alice');
    liveSocketSends(purchase('carol', 'Naruto Kuji'), purchase('Alice', 'Dragon Quest Kuji'));
    renderBanner();
    expect(await screen.findByTestId('purchase-toast')).toHaveTextContent('carol just bought Naruto Kuji!');
    expect(screen.getByRole('status')).not.toHaveTextContent('Dragon Quest Kuji');
  });
});
