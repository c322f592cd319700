import { PASSWORD_RULES } from '@portal/domain/passwords';

/** The live list of password rules, ticked as the new password meets them. */
export const PasswordChecklist = ({ password }: { password: string }) => (
  <div>
    <p id="password-rules-title" className="mb-2 text-sm font-medium text-slate-700">
      Password requirements
    </p>
    <ul aria-labelledby="password-rules-title" className="space-y-1 text-sm">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            className={`flex items-center gap-2 ${met ? 'text-green-700' : 'text-slate-600'}`}
          >
            <span aria-hidden="true" className="w-4 text-center font-bold">
              {met ? '✓' : '○'}
            </span>
            <span>
              {rule.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  </div>
);
