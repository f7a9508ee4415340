// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { HomePage } from './HomePage';

describe('the home page', () => {
  it('greets a shopper who has just logged in, once', async () => {
    sessionStorage.setItem('loginSuccess', 'true');
    const page = renderWithApp(<HomePage />);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Successfully logged in!');
    expect(sessionStorage.getItem('loginSuccess')).toBeNull();
    page.unmount();
    renderWithApp(<HomePage />);
    expect(screen.queryByText('Successfully logged in!')).not.toBeInTheDocument();
  });

  it('plays Ichiban Kuji from its banner; Blind Boxes are not on sale yet', async () => {
    const page = renderWithApp(<HomePage />);
    expect(screen.getByRole('button', { name: 'Coming soon' })).toBeDisabled();
    await page.user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(page.pathname()).toBe('/ichiban-kuji-products'));
  });

  it('suggests a phone on a wide window once per visit', async () => {
    const page = renderWithApp(<HomePage />);
    const notice = await screen.findByRole('dialog', { name: 'Kujiya is made for phones' });
    await page.user.click(screen.getByRole('button', { name: 'Continue anyway' }));
    expect(notice).not.toBeInTheDocument();
    page.unmount();
    renderWithApp(<HomePage />);
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('dialog', { name: 'Kujiya is made for phones' })).not.toBeInTheDocument();
  });
});
