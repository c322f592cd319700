import type { TMfaUser } from '@portal/domain/mfa-policy-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { methodsText, owesFactor } from '../lib/display';

/**
 * The user's sign-in methods, or 'None' and, where their role requires one, a red
 * 'Required' badge: they must add one at their next request.
 */
export const UserMethods = ({ user }: { user: TMfaUser }) =>
  user.factors.length > 0 ? (
    <span>{methodsText(user)}</span>
  ) : (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-slate-600">None</span>
      {owesFactor(user) && (
        <Badge tone="red" title="Their role requires two-step verification">
          <span className="sr-only">, </span>Required
        </Badge>
      )}
    </span>
  );

/** Opens the confirmation of a reset; only users with a method have one. */
export const ResetButton = ({
  user,
  onReset,
}: {
  user: TMfaUser;
  onReset: (user: TMfaUser) => void;
}) =>
  user.factors.length > 0 ? (
    <Button
      size="sm"
      onClick={() => onReset(user)}
      aria-label={`Reset sign-in methods for ${user.email}`}
    >
      Reset sign-in methods
    </Button>
  ) : null;
