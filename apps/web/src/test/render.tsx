import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';

export interface RenderOptions {
  /** The route pattern the element is mounted at (default `/`). */
  path?: string;
  /** The address the test starts at (default: `path`). */
  at?: string;
  /** The query of the first address, e.g. `?token=…`. */
  search?: string;
  /** Navigation state of the first entry. */
  state?: unknown;
  /** Other routes (their element or lazy pages), e.g. the page a flow navigates to. */
  routes?: RouteObject[];
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's current path (after the flow's navigations). */
  pathname: () => string;
}

/** Shows where a navigation ended up, for routes a test does not mount. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">Landed on {location.pathname}</p>;
}

/** A fresh query client per test: no retries (a refusal shows at once), nothing shared between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/**
 * Renders a page or component as the app does: inside TanStack Query's provider and a data router
 * (memory history), with user-event set up to type and click as a person does.
 */
export function renderWithApp(element: ReactElement, options: RenderOptions = {}): Rendered {
  const path = options.path ?? '/';
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [{ path, element }, ...(options.routes ?? []), { path: '*', element: <Landed /> }],
    {
      initialEntries: [{ pathname: options.at ?? path, search: options.search ?? '', state: options.state ?? null }],
    },
  );
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient, pathname: () => router.state.location.pathname };
}
