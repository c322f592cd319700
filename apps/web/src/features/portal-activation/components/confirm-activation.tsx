import type { TAccessDelivery } from '@portal/domain/first-access';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

const patients = (count: number) => `${count.toLocaleString()} patient${count === 1 ? '' : 's'}`;

/**
 * 'Activate 50 patients?': activation creates logins that cannot be taken back here, so it
 * asks first and says how many. Focus starts on Cancel and returns to Activate Selected.
 */
export const ConfirmActivation = ({
  count,
  open,
  onConfirm,
  onCancel,
  delivery,
}: {
  count: number;
  delivery: TAccessDelivery;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => (
  <ConfirmDialog
    open={open}
    tone="primary"
    title={`Activate ${patients(count)}?`}
    message={
      delivery === 'invitation'
        ? 'Each selected patient gets a portal login and an invitation email with a one-time link to choose their password.'
        : 'Each selected patient gets a portal login with a temporary password to change at first sign-in. The passwords are shown once, in the results.'
    }
    confirmLabel={`Activate ${patients(count)}`}
    onConfirm={onConfirm}
    onCancel={onCancel}
  />
);
