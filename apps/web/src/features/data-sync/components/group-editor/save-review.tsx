import { useEffect, useRef, useState } from 'react';
import type { TCaseFixResult } from '@portal/domain/case-fixer';
import { Button } from '../../../../components/ui/button';
import { FixerIssues } from '../fixer-issues';

type TSaveReviewProps = {
  review: TCaseFixResult;
  saving: boolean;
  onApply: () => void;
  onSaveAsIs: () => void;
  onBack: () => void;
};

/**
 * The case fixer's findings before a save: the warehouse's names are upper case and are
 * matched exactly as written, so a lower-case key column would fail the first sync.
 */
export const SaveReview = ({ review, saving, onApply, onSaveAsIs, onBack }: TSaveReviewProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  const [showCode, setShowCode] = useState(false);
  const fixable = review.issues.filter((issue) => issue.after !== null).length;
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="save-review-title" className="space-y-4">
      <h3
        id="save-review-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Check the case of column names before saving
      </h3>
      <p className="text-sm text-slate-700">
        The warehouse's names are upper case, and names are matched exactly as written.{' '}
        {review.issues.length} issue(s) found, {fixable} with a fix.
      </p>
      <FixerIssues issues={review.issues} showCode={showCode} fixed={review.fixed} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="link" onClick={() => setShowCode((shown) => !shown)}>
          {showCode ? 'Hide Fixed Code' : 'Show Fixed Code'}
        </Button>
        <Button disabled={saving} onClick={onBack}>
          Back
        </Button>
        <Button disabled={saving} onClick={onSaveAsIs}>
          Save as is
        </Button>
        <Button variant="primary" disabled={saving || fixable === 0} onClick={onApply}>
          {saving ? 'Saving…' : 'Apply fixes and save'}
        </Button>
      </div>
    </section>
  );
};
