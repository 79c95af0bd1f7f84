import { MyAssignments } from '../features/classes/components/my-assignments.tsx';
import { DashboardExtrasContext } from '../features/stats/dashboard-extras.ts';
import { UserDashboardPage } from '../features/stats/user-dashboard-page.tsx';

/** /user-dashboard: the stats feature's page, with the assignments of the user's classes. */
export function UserDashboardRoute() {
  return (
    <DashboardExtrasContext value={<MyAssignments />}>
      <UserDashboardPage />
    </DashboardExtrasContext>
  );
}
