/**
 * The practice app's routes (declarative React Router under the basename `/practice`): sign-in and
 * the forgotten-password request are public; home, the practice screen and the review need a
 * trainee's session (`RequireTrainee`). The sign-in page is part of the entry (the app's door: one
 * chunk less to fetch and gzip apart); every other page (home, practice, review, settings) loads lazily. The declarative router is
 * half the data router's code (13 KB instead of 30 KB gzipped).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '@shared/components/page-loader';
import { practicePaths } from './paths';
import { RequireTrainee } from './require-trainee';

import SignIn from '../routes/sign-in';
const ForgotPassword = lazy(() => import('../routes/forgot-password'));
const Home = lazy(() => import('../routes/home'));
const Practice = lazy(() => import('../features/practice/practice-page'));
const Review = lazy(() => import('../routes/review'));
const Settings = lazy(() => import('../routes/settings'));
const NotFound = lazy(() => import('../routes/not-found'));

const page = (element: ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

/** The route tree, rendered by the browser router and by the tests' memory routers. */
export function PracticeRoutes() {
  return (
    <Routes>
      <Route path={practicePaths.signIn} element={page(<SignIn />)} />
      <Route path={practicePaths.forgotPassword} element={page(<ForgotPassword />)} />
      <Route element={<RequireTrainee />}>
        <Route index element={page(<Home />)} />
        <Route path={practicePaths.practicePattern} element={page(<Practice />)} />
        <Route path={practicePaths.reviewPattern} element={page(<Review />)} />
        <Route path={practicePaths.settings} element={page(<Settings />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Route>
    </Routes>
  );
}
