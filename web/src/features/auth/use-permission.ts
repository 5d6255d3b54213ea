import { hasPermission, type Action, type Resource } from './permissions';
import { useSession } from './use-session';

/** True when the signed-in user may do `action` on `resource`. */
export function usePermission(resource: Resource, action: Action): boolean {
  const { user } = useSession();
  return hasPermission(user, resource, action);
}
