// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { commitmentOf, dropRoomRecordSchema, entrantListHash, roomOrder, type DropRoomRecord } from '@kujiya/shared';
import { answer } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { RoomOrderCheck } from './RoomOrderCheck';

const seed = '5a'.repeat(32);
const ids = Array.from({ length: 24 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const ordered = roomOrder(seed, ids);
const room: DropRoomRecord = {
  setId: '7c1f0d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  opensAt: '2026-12-01T04:00:00.000Z',
  entrantListHash: entrantListHash(ids),
  orderedEntrantIds: ordered,
  lateEntrantIds: [],
  commitment: commitmentOf(seed),
  serverSeed: seed,
};

async function check(record: DropRoomRecord) {
  answer('get', '/api/drops/:setId/room', dropRoomRecordSchema, record);
  const page = renderWithApp(<RoomOrderCheck setId={record.setId} />);
  await page.user.click(screen.getByRole('button', { name: 'Check the waiting room order' }));
}

describe('the waiting room order on the fairness page (docs/rules/drops.md)', () => {
  it('recomputes the published order with the revealed seed', async () => {
    await check(room);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Verified: the room order of 24 entrants matches the committed seed.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('… and 4 more (the full list is in the JSON).')).toBeInTheDocument();
  });

  it('names a mismatch when two places were swapped', async () => {
    const swapped = [...ordered];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    await check({ ...room, orderedEntrantIds: swapped });
    expect(await screen.findByRole('alert')).toHaveTextContent('Mismatch');
  });

  it('waits for the seed', async () => {
    await check({ ...room, serverSeed: null });
    expect(await screen.findByText('The order can be recomputed once the seed is revealed.')).toBeInTheDocument();
  });
});
