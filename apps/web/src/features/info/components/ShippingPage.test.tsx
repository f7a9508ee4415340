// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatCents, pickupPointResponseSchema, shippingFeeCents } from '@kujiya/shared';
import { answer } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { ShippingPage } from './ShippingPage';

describe('the Shipping and Delivery page (docs/rules/fulfilment.md)', () => {
  it("states the fee the server charges and the owner's pickup point", async () => {
    answer('get', '/api/settings/pickup-point', pickupPointResponseSchema, {
      pickupPoint: {
        address: '1 Kujiya Lane, Singapore 123456',
        openingNote: 'Ring the bell.',
        mapLink: 'https://maps.example.com/kujiya',
      },
    });
    renderWithApp(<ShippingPage />, { path: '/shipping-and-delivery' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping and Delivery' })).toBeInTheDocument();

    const examples = within(
      screen.getByRole('heading', { name: 'How the fee is counted' }).nextElementSibling!
        .nextElementSibling as HTMLElement,
    );
    expect(examples.getByText(/^2 big \+ 20 small prizes/).closest('li')).toHaveTextContent(
      `2 big + 20 small prizes: ${formatCents(shippingFeeCents(2, 20))}`,
    );
    expect(examples.getByText(/^1 big prize/).closest('li')).toHaveTextContent(
      `1 big prize: ${formatCents(shippingFeeCents(1, 0))}`,
    );

    const pickup = await screen.findByTestId('pickup-point');
    expect(pickup).toHaveTextContent('1 Kujiya Lane, Singapore 123456');
    expect(pickup).toHaveTextContent('Ring the bell.');
    expect(within(pickup).getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://maps.example.com/kujiya',
    );
  });
});
