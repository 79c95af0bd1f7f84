import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from '../features/misc/not-found-page.tsx';
import { Layout } from './layout.tsx';

// Every page but the landing one loads on demand to keep the first chunk small.
const LoginPage = lazy(() =>
  import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const PricingPage = lazy(() =>
  import('../features/billing/pricing-page.tsx').then((m) => ({ default: m.PricingPage })),
);
const PaymentStatusPage = lazy(() =>
  import('../features/billing/payment-status-page.tsx').then((m) => ({
    default: m.PaymentStatusPage,
  })),
);
const TermsPage = lazy(() =>
  import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const DashboardPage = lazy(() =>
  import('../features/explain/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const UserDashboardPage = lazy(() =>
  import('../features/stats/user-dashboard-page.tsx').then((m) => ({
    default: m.UserDashboardPage,
  })),
);
const DistillerPage = lazy(() =>
  import('../features/distill/distiller-page.tsx').then((m) => ({ default: m.DistillerPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.pricing} element={<PricingPage />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.paymentStatus} element={<PaymentStatusPage />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route
          path={paths.dashboard}
          element={
            <RequireAuth>
              <DashboardPage />
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
              <DistillerPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
