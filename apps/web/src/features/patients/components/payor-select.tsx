import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { TPayorScope } from '../hooks/use-payor-scope';

/** An admin without a payor of their own picks whose patients to see. */
export const PayorSelect = ({ scope }: { scope: TPayorScope }) => {
  if (!scope.choosesPayor || scope.payors.length === 0) {
    return null;
  }
  return (
    <div className="mb-4 max-w-sm">
      <Label htmlFor="payor-select">Payor</Label>
      <Select
        id="payor-select"
        value={scope.payorKey ?? ''}
        onChange={(event) => scope.choosePayor(event.target.value)}
      >
        {scope.payors.map((payor) => (
          <option key={payor.payor_key} value={payor.payor_key}>
            {payor.company_name ?? payor.payor_key}
          </option>
        ))}
      </Select>
    </div>
  );
};
