import type { TPayorScope } from '../hooks/use-payor-scope';
import { selectClass } from '../lib/ui-classes';

/** An admin without a payor of their own picks whose patients to see. */
export const PayorSelect = ({ scope }: { scope: TPayorScope }) => {
  if (!scope.choosesPayor || scope.payors.length === 0) {
    return null;
  }
  return (
    <div className="mb-4 max-w-sm">
      <label htmlFor="payor-select" className="mb-1 block text-sm font-medium text-slate-700">
        Payor
      </label>
      <select
        id="payor-select"
        className={selectClass}
        value={scope.payorKey ?? ''}
        onChange={(event) => scope.choosePayor(event.target.value)}
      >
        {scope.payors.map((payor) => (
          <option key={payor.payor_key} value={payor.payor_key}>
            {payor.company_name ?? payor.payor_key}
          </option>
        ))}
      </select>
    </div>
  );
};
