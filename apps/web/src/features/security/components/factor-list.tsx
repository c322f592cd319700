import type { TFactor } from '@portal/domain/mfa-api';
import { Button } from '../../../components/ui/button';
import { factorDates } from '../lib/display';

type TProps = {
  factors: TFactor[];
  onRename: (factor: TFactor) => void;
  onRemove: (factor: TFactor) => void;
};

const KIND_LABELS: Record<TFactor['kind'], string> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
};

/** The user's authenticator apps and passkeys: each one's name, kind, when added and last used. */
export const FactorList = ({ factors, onRename, onRemove }: TProps) => (
  <ul
    aria-label="Sign-in methods"
    className="divide-y divide-slate-200 rounded-lg border border-slate-200"
  >
    {factors.map((factor) => (
      <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="break-words text-slate-900">
            <span className="font-medium">{factor.name}</span>{' '}
            <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {KIND_LABELS[factor.kind]}
            </span>
          </p>
          <p className="text-sm text-slate-600">{factorDates(factor)}</p>
          {factor.signs_in_alone && (
            <p className="text-sm text-slate-600">Signs in without your password</p>
          )}
        </div>
        {/* Each action's word starts its name (WCAG 2.5.3); the factor's name tells rows apart. */}
        <div className="flex gap-2">
          <Button size="sm" aria-label={`Rename ${factor.name}`} onClick={() => onRename(factor)}>
            Rename
          </Button>
          <Button size="sm" aria-label={`Remove ${factor.name}`} onClick={() => onRemove(factor)}>
            Remove
          </Button>
        </div>
      </li>
    ))}
  </ul>
);
