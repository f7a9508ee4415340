// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fairnessRoundSchema, type FairnessRound } from '@kujiya/shared';
import { soldOutFairnessRound } from '@kujiya/shared/testing';
import { answer, refuse } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { FairnessPage } from './FairnessPage';

function openRound(round: FairnessRound) {
  answer('get', '/api/fairness/:setId', fairnessRoundSchema, round);
  return renderWithApp(<FairnessPage />, { path: '/fairness/:setId', at: `/fairness/${round.setId}` });
}

describe('the fairness page (docs/rules/fairness.md)', () => {
  it('replays a sold-out round in the browser and verifies every draw', async () => {
    const round = soldOutFairnessRound();
    openRound(round);
    expect(await screen.findByRole('heading', { level: 1, name: round.productName })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Verified: every draw matches the committed seed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`10/${round.box.length} tickets drawn`)).toBeInTheDocument();
  });

  it('names the first draw that does not match the seed', async () => {
    const round = soldOutFairnessRound();
    const [first, ...rest] = round.log;
    const other = round.box.find((letter) => letter !== first!.letter)!;
    openRound({ ...round, log: [{ ...first!, letter: other }, ...rest] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^✕Mismatch: /);
    expect(alert).toHaveTextContent(/checks failed/);
  });

  it('keeps the verdict until the seed is revealed', async () => {
    openRound(soldOutFairnessRound({ revealed: false }));
    expect(await screen.findByRole('heading', { name: 'Seed still secret' })).toBeInTheDocument();
    expect(screen.getByText('Secret until the round sells out or is reloaded.')).toBeInTheDocument();
  });

  it('says so for a round that does not exist', async () => {
    refuse('get', '/api/fairness/:setId', 404, 'Product not found');
    renderWithApp(<FairnessPage />, { path: '/fairness/:setId', at: '/fairness/unknown' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});
