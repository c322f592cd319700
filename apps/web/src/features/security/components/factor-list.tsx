import type { TFactor } from '@portal/domain/mfa-api';
import { Button } from '../../../components/ui/button';
import { factorDates } from '../lib/display';

type TProps = {
  factors: TFactor[];
  onRemove: (factor: TFactor) => void;
};

/** The user's authenticator apps: each one's name, when it was added and last used. */
export const FactorList = ({ factors, onRemove }: TProps) => (
  <ul
    aria-label="Authenticator apps"
    className="divide-y divide-slate-200 rounded-lg border border-slate-200"
  >
    {factors.map((factor) => (
      <li key={factor.id} className="flex items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{factor.name}</p>
          <p className="text-sm text-slate-600">{factorDates(factor)}</p>
        </div>
        {/* 'Remove' stays the start of its name (WCAG 2.5.3); the app's name tells rows apart. */}
        <Button size="sm" aria-label={`Remove ${factor.name}`} onClick={() => onRemove(factor)}>
          Remove
        </Button>
      </li>
    ))}
  </ul>
);
