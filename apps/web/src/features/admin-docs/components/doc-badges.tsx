import type { TAdminDocCategory } from '@portal/domain/admin-docs-api';
import {
  badgeClass,
  categoryBadgeClass,
  categoryLabel,
  fixedBadge,
  fixedBadgeClass,
} from '../lib/display';

/** The category badge, and Fixed or Resolved beside it when the flag is set. */
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
      <span className={`${badgeClass} ${categoryBadgeClass[category]}`}>
        {categoryLabel(category)}
      </span>
      {fixed && <span className={`${badgeClass} ${fixedBadgeClass}`}>{fixed}</span>}
    </span>
  );
};
