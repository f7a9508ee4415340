import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { ProblemPage } from './ProblemPage';

/** Shown for an unhandled route error; unknown addresses have their own page (NotFoundPage). */
export function ErrorPage() {
  const error = useRouteError();
  // A 404 thrown by a route (not a fault of the shop) reads the same as an unknown address.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <ProblemPage
      title="Unexpected Application Error!"
      text="Something went wrong on this page. Please try again in a moment."
    />
  );
}
