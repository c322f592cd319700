import { lazy, Suspense, useState } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import { shouldShowFilterPrompt } from '../lib/first-login-rules';
import type { TPromptProps } from './filter-prompt';

// Most sign-ins never see the prompt, so its dialog code loads only when it opens.
const FilterPrompt = lazy(() =>
  import('./filter-prompt').then((module) => ({ default: module.FilterPrompt })),
);

/** The first-login filter prompt of the signed-in layout: shown once to eligible users. */
export const FirstLoginFilterPrompt = ({ user, markShown }: TPromptProps & { user: TAuthUser }) => {
  // Closed for this user in this page load even if the flag could not be stored.
  const [closedFor, setClosedFor] = useState<number>();
  if (!shouldShowFilterPrompt(user) || closedFor === user.id) {
    return null;
  }
  return (
    // A modal over the page: nothing is laid out while it loads.
    <Suspense fallback={null}>
      <FilterPrompt key={user.id} markShown={markShown} onClose={() => setClosedFor(user.id)} />
    </Suspense>
  );
};
