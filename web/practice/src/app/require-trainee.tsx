/** Placeholder guard (built by the app-shell task): renders its children's outlet. */
import { Outlet } from 'react-router';

/** Lets the nested routes render. */
export function RequireTrainee() {
  return <Outlet />;
}
