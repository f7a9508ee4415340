// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { WonPrize } from '@kujiya/shared';
import { product } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { writeResults } from '../lib/results-state';
import { ResultsPage } from './ResultsPage';

const prize = (rank: string, description: string, quantity: number): WonPrize => ({
  id: `prize-${rank}`,
  name: `Prize ${rank}`,
  rank,
  description,
  image: `/images/${rank}.png`,
  type: 'Small',
  quantity,
});

describe('ResultsPage', () => {
  it('announces each prize won by its rank and what it is, not the rank twice', async () => {
    writeResults({
      product: product({ name: 'Sora Academy' }),
      prizes: [prize('D', 'Sora Mug', 1), prize('E', 'Class Rep Sora Keychain', 2)],
    });
    renderWithApp(<ResultsPage />, { path: '/results' });
    await screen.findByRole('heading', { name: 'YOU WON' });
    await waitFor(() =>
      expect(screen.getByTestId('live-announcement').textContent).toBe(
        'You won 1 × Prize D (Sora Mug), 2 × Prize E (Class Rep Sora Keychain).',
      ),
    );
  });
});
