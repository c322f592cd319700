import type { TAdminDocCategory } from '@portal/domain/admin-docs-api';
import { Badge } from '../../../components/ui/badge';
import { categoryLabel, fixedBadge } from '../lib/display';

/**
 * The category badge (grey: a category is no state), and Fixed or Resolved beside it in
 * green when the flag is set.
 */
export const DocBadges = ({
  category,
  isFixed,
}: {
  category: TAdminDocCategory;
  isFixed: boolean;
}) => {
  const fixed = fixedBadge(category, isFixed);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="grey">{categoryLabel(category)}</Badge>
      {fixed && <Badge tone="green">{fixed}</Badge>}
    </span>
  );
};
