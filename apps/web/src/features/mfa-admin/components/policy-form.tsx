import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { MFA_POLICY_MESSAGES, type TMfaRolePolicy } from '@portal/domain/mfa-policy-api';
import type { TRole } from '@portal/domain/roles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxBox } from '../../../components/ui/checkbox';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useSaveMfaPolicy } from '../api/save-mfa-policy';
import { ROLE_LABELS, enrolledText, failureText } from '../lib/display';

const SAVE_FAILED = 'The sign-in policy could not be saved. Try again.';

const requiredOf = (roles: readonly TMfaRolePolicy[]) =>
  new Set(roles.filter((role) => role.required).map((role) => role.role));

/** How many users of a required role still have to add a method. */
const stillToEnrol = (policy: TMfaRolePolicy) => policy.users - policy.enrolled;

/**
 * A 'Required' box per role with how many of its users enrolled, and Save. A refusal (the
 * admin requiring their own role without a method of their own) shows above Save and takes
 * the focus; success is told in a status banner that closes by itself.
 */
export const PolicyForm = ({ roles }: { roles: readonly TMfaRolePolicy[] }) => {
  const [required, setRequired] = useState<ReadonlySet<TRole>>(() => requiredOf(roles));
  const save = useSaveMfaPolicy();
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (notice?.tone === 'error') {
      alertRef.current?.focus();
    }
  }, [notice]);

  const toggle = (role: TRole, on: boolean) => {
    setRequired((current) => {
      const next = new Set(current);
      if (on) {
        next.add(role);
      } else {
        next.delete(role);
      }
      return next;
    });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (save.isPending) {
      return;
    }
    clear();
    save.mutate(
      { required_roles: roles.map((role) => role.role).filter((role) => required.has(role)) },
      {
        onSuccess: (answer) => {
          setRequired(requiredOf(answer.roles));
          show({ tone: 'success', text: MFA_POLICY_MESSAGES.saved });
        },
        onError: (error) => show({ tone: 'error', text: failureText(error, SAVE_FAILED) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          Two-step verification required for
        </legend>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {roles.map((policy) => {
            const id = `mfa-required-${policy.role}`;
            const owed = required.has(policy.role) ? stillToEnrol(policy) : 0;
            return (
              <li key={policy.role} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{ROLE_LABELS[policy.role]}</p>
                  <p id={`${id}-count`} className="text-slate-600">
                    {enrolledText(policy)}
                    {owed > 0 && (
                      <span className="text-amber-900">
                        {' · '}
                        {owed.toLocaleString('en-US')} still to add one
                      </span>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <CheckboxBox
                    id={id}
                    checked={required.has(policy.role)}
                    onCheckedChange={(checked) => toggle(policy.role, checked === true)}
                    aria-label={`Required for ${ROLE_LABELS[policy.role]}`}
                    aria-describedby={`${id}-count`}
                  />
                  <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-800">
                    Required
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-4">
        {notice?.tone === 'error' && (
          <Alert tone="error" ref={alertRef}>
            {notice.text}
            {notice.text === MFA_POLICY_MESSAGES.enrolYourselfFirst && (
              <>
                {' '}
                <Link to="/profile" className="font-medium underline">
                  Open My Profile
                </Link>
              </>
            )}
          </Alert>
        )}
        {notice?.tone === 'success' && <Alert tone="success">{notice.text}</Alert>}
        {/* aria-disabled, not disabled: focus stays on Save while it saves. */}
        <Button type="submit" variant="primary" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
};
