import { Suspense, useState, type ReactNode, type RefObject } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

/** The modal sizes of core.md section 9: small, medium, large, extra large. */
export type TModalSize = 'sm' | 'md' | 'lg' | 'xl';

export type TModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  size?: TModalSize;
  /** What takes the focus as it opens (a form's first field); else its first focusable part. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * The dialog code (Radix, with its focus trap and scroll lock) is not part of any screen's
 * start: it is fetched when the page is idle (app/overlay-preload.ts) or, at the latest, when a
 * dialog first opens.
 */
export const ModalDialog = lazyComponent(
  () => import('./modal-dialog'),
  (module) => module.ModalDialog,
);

/**
 * A dialog that closes with Escape, a click outside or its close button. Until it first
 * opens it draws nothing; from then on it stays mounted, so closing it is Radix's own.
 */
export const Modal = (props: TModalProps) => {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) {
    setOpened(true);
  }
  return opened ? (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  ) : null;
};
