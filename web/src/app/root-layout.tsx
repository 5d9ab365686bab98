/** Root of the route tree: scroll restoration and the outlet. */
import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
