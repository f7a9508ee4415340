// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { dropRoomStatusSchema, type DropRoomStatus } from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { DropRoomPanel } from './DropRoomPanel';

const setId = '7c1f0d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const opensAt = new Date(Date.now() + 10 * 60_000).toISOString();
const outside: DropRoomStatus = {
  position: null,
  admitted: false,
  estimatedWaitSeconds: null,
  joined: false,
  roomOpen: true,
  opensAt,
  queueNumber: null,
  entrantId: null,
  admittedUntil: null,
};
const entrantId = 'e1a2b3c4-0000-4000-8000-000000000001';

describe('the waiting room panel (docs/rules/drops.md)', () => {
  it('joins the room, then says the place is drawn at the opening', async () => {
    signInShopper('alice');
    let status: DropRoomStatus = outside;
    answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, () => status);
    answer('post', '/api/drops/:setId/join', dropRoomStatusSchema, () => {
      status = { ...outside, joined: true, entrantId };
      return status;
    });
    const page = renderWithApp(<DropRoomPanel setId={setId} opensAt={opensAt} />);
    const join = await screen.findByRole('button', { name: 'Join the waiting room' });
    expect(screen.getByText(/joining early gives no advantage/)).toBeInTheDocument();
    await page.user.click(join);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^You're in the waiting room\. Your place is drawn at the opening, /,
    );
    expect(sent('POST', `/api/drops/${setId}/join`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'How the order is drawn' })).toHaveAttribute('href', `/fairness/${setId}`);
  });

  it('shows the place in line, the wait and the drawn place', async () => {
    signInShopper('alice');
    answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, {
      ...outside,
      joined: true,
      entrantId,
      queueNumber: 42,
      position: 12,
      estimatedWaitSeconds: 150,
    });
    renderWithApp(<DropRoomPanel setId={setId} opensAt={opensAt} />);
    expect(await screen.findByRole('status')).toHaveTextContent('You are number 12 in line.');
    expect(screen.getByTestId('drop-room-wait')).toHaveTextContent('Estimated wait: about 3 min');
    expect(screen.getByText(/Drawn place #42/)).toBeInTheDocument();
  });

  it("says when it is the shopper's turn", async () => {
    signInShopper('alice');
    answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, {
      ...outside,
      joined: true,
      entrantId,
      queueNumber: 3,
      position: 0,
      admitted: true,
      estimatedWaitSeconds: 0,
      admittedUntil: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    renderWithApp(<DropRoomPanel setId={setId} opensAt={opensAt} />);
    expect(await screen.findByRole('status')).toHaveTextContent("It's your turn: you may buy now.");
    expect(screen.queryByTestId('drop-room-wait')).toBeNull();
  });

  it('says when the room opens, and shows nothing once the set sells without a room', async () => {
    signInShopper('alice');
    const later = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, { ...outside, roomOpen: false, opensAt: later });
    const first = renderWithApp(<DropRoomPanel setId={setId} opensAt={later} />);
    expect(await screen.findByText(/^The waiting room opens at .*, 30 minutes before the sale\.$/)).toBeInTheDocument();
    first.unmount();

    const past = new Date(Date.now() - 60_000).toISOString();
    answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, {
      ...outside,
      roomOpen: false,
      admitted: true,
      opensAt: past,
    });
    const second = renderWithApp(<DropRoomPanel setId={setId} opensAt={past} />);
    await waitFor(() => expect(sent('GET', `/api/drops/${setId}/status`)).toHaveLength(2));
    expect(second.container).toBeEmptyDOMElement();
  });
});
