import { createContext, type ReactNode } from 'react';

/**
 * What other features show on the user dashboard (a class's assignments), placed by the app
 * (app/user-dashboard-route.tsx) so this feature does not know them.
 */
export const DashboardExtrasContext = createContext<ReactNode>(null);
