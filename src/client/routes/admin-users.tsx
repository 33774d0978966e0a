import { UsersScreen } from '../features/users/users-screen.tsx'

/** /admin/users: the users and their roles, for admins (features/users/users-screen.tsx). */
export default function AdminUsersPage() {
  return <UsersScreen />
}
