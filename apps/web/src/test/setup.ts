import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadOverlays } from '../app/overlay-preload';

// The app fetches its dialogs' and popovers' code a few seconds after the signed-in frame
// is up (app/overlay-preload.ts); component tests start with it there, as a user would.
await preloadOverlays();

afterEach(() => {
  cleanup();
});
