import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, startPath } from '../config/paths.ts';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { lazyPart } from '../lib/lazy-part.ts';
import { afterApiReady } from './api-ready.ts';
import { Layout } from './layout.tsx';

/** The app started on an address no route has: its 404 page (prerendered for dead share links). */
const startsNowhere = startPath !== null && !(Object.values(paths) as string[]).includes(startPath);

/**
 * Every page but the landing one loads on demand to keep the first chunk small, and renders
 * only once the API client is wired (api-ready.ts). The page of the address the app starts on
 * is requested at once, while the first chunk still runs, instead of after the first render.
 * `path: null` is the page of every address no route has.
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  startsAt?: { path: string | null; signedIn?: boolean },
) {
  const here =
    startsAt !== undefined &&
    (startsAt.path === null ? startsNowhere : startPath === startsAt.path);
  const now = here && (!startsAt.signedIn || useAuth.getState().token !== null);
  return lazyPart(() => afterApiReady(load).then((m) => m[name]), now);
}

const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage', {
  path: paths.login,
});
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/verify-email-page.tsx'),
  'VerifyEmailPage',
  { path: paths.verifyEmail },
);
const PricingPage = lazyPage(() => import('../features/billing/pricing-page.tsx'), 'PricingPage', {
  path: paths.pricing,
});
const PaymentStatusPage = lazyPage(
  () => import('../features/billing/payment-status-page.tsx'),
  'PaymentStatusPage',
  { path: paths.paymentStatus },
);
const TermsPage = lazyPage(() => import('../features/legal/terms-page.tsx'), 'TermsPage', {
  path: paths.terms,
});
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page.tsx'), 'PrivacyPage', {
  path: paths.privacy,
});
const DashboardRoute = lazyPage(() => import('./dashboard-route.tsx'), 'DashboardRoute', {
  path: paths.dashboard,
  signedIn: true,
});
const UserDashboardPage = lazyPage(
  () => import('./user-dashboard-route.tsx'),
  'UserDashboardRoute',
  { path: paths.userDashboard, signedIn: true },
);
const DistillerRoute = lazyPage(() => import('./distiller-route.tsx'), 'DistillerRoute', {
  path: paths.distiller,
  signedIn: true,
});
const ReviewPage = lazyPage(() => import('../features/learning/review-page.tsx'), 'ReviewPage', {
  path: paths.review,
  signedIn: true,
});
const ClassesPage = lazyPage(() => import('../features/classes/classes-page.tsx'), 'ClassesPage', {
  path: paths.classes,
  signedIn: true,
});
const JoinPage = lazyPage(() => import('../features/classes/join-page.tsx'), 'JoinPage');
const RemindersPage = lazyPage(
  () => import('../features/reminders/reminders-page.tsx'),
  'RemindersPage',
  { path: paths.reminders, signedIn: true },
);
const AccountPage = lazyPage(() => import('../features/account/account-page.tsx'), 'AccountPage', {
  path: paths.account,
  signedIn: true,
});
const ForgotPinPage = lazyPage(
  () => import('../features/account/forgot-pin-page.tsx'),
  'ForgotPinPage',
  { path: paths.forgotPin },
);
const ResetPinPage = lazyPage(
  () => import('../features/account/reset-pin-page.tsx'),
  'ResetPinPage',
  { path: paths.resetPin },
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/account/confirm-email-page.tsx'),
  'ConfirmEmailPage',
  { path: paths.confirmEmail },
);
const AdminRoute = lazyPage(() => import('./admin-route.tsx'), 'AdminRoute');
const NotFoundPage = lazyPage(() => import('../features/misc/not-found-page.tsx'), 'NotFoundPage', {
  path: null,
});

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.pricing} element={<PricingPage />} />
        <Route path={paths.upgrade} element={<Navigate to={paths.pricing} replace />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.paymentStatus} element={<PaymentStatusPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route
          path={paths.dashboard}
          element={
            <RequireAuth>
              <DashboardRoute />
            </RequireAuth>
          }
        />
        <Route
          path={paths.userDashboard}
          element={
            <RequireAuth>
              <UserDashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.distiller}
          element={
            <RequireAuth>
              <DistillerRoute />
            </RequireAuth>
          }
        />
        <Route
          path={paths.review}
          element={
            <RequireAuth>
              <ReviewPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.classes}
          element={
            <RequireAuth>
              <ClassesPage />
            </RequireAuth>
          }
        />
        <Route
          path="/join/:joinCode"
          element={
            <RequireAuth>
              <JoinPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.reminders}
          element={
            <RequireAuth>
              <RemindersPage />
            </RequireAuth>
          }
        />
        <Route
          path={paths.account}
          element={
            <RequireAuth>
              <AccountPage />
            </RequireAuth>
          }
        />
        <Route path={paths.forgotPin} element={<ForgotPinPage />} />
        <Route path={paths.resetPin} element={<ResetPinPage />} />
        <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={`${paths.admin}/*`} element={<AdminRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
