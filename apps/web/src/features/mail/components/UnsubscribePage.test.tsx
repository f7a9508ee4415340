// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mailUnsubscribeResultSchema } from '@kujiya/shared';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { UnsubscribePage } from './UnsubscribePage';

const open = (search: string) => renderWithApp(<UnsubscribePage />, { path: '/unsubscribe', search });

describe('the one-click unsubscribe page (docs/rules/notifications.md)', () => {
  it("switches the link's kind off on opening, with its token and no login, and says which", async () => {
    answer('post', '/api/mail/unsubscribe', mailUnsubscribeResultSchema, {
      kind: 'forfeitWarning',
      label: 'ship-by reminder',
      subscribed: false,
    });
    open('?token=abc.def');
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('ship-by reminder')).toBeInTheDocument();
    const calls = sent('post', '/api/mail/unsubscribe');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('token')).toBe('abc.def');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  });

  it("shows the server's message for a forged link", async () => {
    refuse('post', '/api/mail/unsubscribe', 400, 'This unsubscribe link is not valid.');
    open('?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('asks the server nothing when the link has no token', async () => {
    open('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
    expect(sent('post', '/api/mail/unsubscribe')).toHaveLength(0);
  });
});
