import { useRef, useState, type SubmitEvent } from 'react';
import { MFA_LIMITS, type TFactor } from '@portal/domain/mfa-api';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { renameFactorInputSchema, useRenameFactor } from '../api/rename-factor';
import { failureText } from '../lib/display';

type TProps = {
  factor: TFactor;
  onRenamed: (message: string) => void;
  onClose: () => void;
};

/** A new name for an app or a passkey; the field takes the focus as the dialog opens. */
export const RenameDialog = ({ factor, onRenamed, onClose }: TProps) => {
  const [name, setName] = useState(factor.name);
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const rename = useRenameFactor();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = renameFactorInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    rename.mutate(
      { id: factor.id, ...parsed.data },
      {
        onSuccess: (answer) => onRenamed(answer.message),
        onError: (failure) => {
          setError(failureText(failure, 'That did not work. Try again.'));
          field.current?.focus();
        },
      },
    );
  };

  return (
    <Modal
      open
      size="sm"
      title={`Rename ${factor.name}`}
      initialFocus={field}
      onOpenChange={(open) => !open && !rename.isPending && onClose()}
    >
      <form className="space-y-4" noValidate onSubmit={submit}>
        <TextField
          ref={field}
          id="security-rename"
          label="New name"
          maxLength={MFA_LIMITS.factorName}
          readOnly={rename.isPending}
          value={name}
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button disabled={rename.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
