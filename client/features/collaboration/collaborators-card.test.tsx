import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { CollaboratorsCard } from './collaborators-card';

describe('CollaboratorsCard', () => {
  it('lists the owner and collaborators with an Active badge only for connected users', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 2, username: 'bob' }),
      'GET /api/textbooks/7/collaborators': () =>
        json([
          { user: { id: 1, username: 'olivia' }, userId: 1, textbookId: 7, role: 'owner', createdAt: '' },
          { user: { id: 2, username: 'bob' }, userId: 2, textbookId: 7, role: 'collaborator', createdAt: '' },
          { user: { id: 3, username: 'carol' }, userId: 3, textbookId: 7, role: 'collaborator', createdAt: '' },
        ]),
    });
    renderWithApp(
      <CollaboratorsCard
        textbookId={7}
        activeUsers={[
          { userId: 1, username: 'olivia' },
          { userId: 2, username: 'bob' },
        ]}
      />,
    );
    const olivia = await screen.findByTestId('collaborator-olivia');
    expect(olivia).toHaveTextContent('(owner)');
    expect(within(olivia).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByTestId('collaborator-bob')).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByTestId('collaborator-carol')).queryByText('Active')).toBeNull();
  });
});
