import { ProblemPage } from './ProblemPage';

/** Any address the shop has no page for (the back office has its own, behind the admin guard). */
export function NotFoundPage() {
  return (
    <ProblemPage
      title="Page not found"
      text="This page does not exist. The ticket you pulled has no prize behind it."
    />
  );
}
