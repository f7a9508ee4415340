import { RouterProvider } from 'react-router';
import { router } from './router';

// No query provider here: the pages and widgets that use queries bring it (app/with-queries.ts).
export function App() {
  return <RouterProvider router={router} />;
}
