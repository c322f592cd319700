import { MFA_MESSAGES, type TRecoveryCodesResponse } from '@portal/domain/mfa-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { saveFile } from '../../../lib/save-file';
import { RECOVERY_CODES_FILE, recoveryCodesFile } from '../lib/display';

export const RECOVERY_CODES_TITLE_ID = 'security-codes-title';

type TProps = {
  /** The answer that made the codes: after adding an app, or after asking for new ones. */
  answer: TRecoveryCodesResponse;
  onDone: () => void;
};

/**
 * New recovery codes, shown this once (the server keeps only their hashes): to copy, to
 * download as a text file, or to write down, then Done.
 */
export const RecoveryCodes = ({ answer, onDone }: TProps) => {
  const codes = answer.recovery_codes;
  const download = () =>
    saveFile(
      new Blob([recoveryCodesFile(codes)], { type: 'text/plain;charset=utf-8' }),
      RECOVERY_CODES_FILE,
    );
  return (
    <section aria-labelledby={RECOVERY_CODES_TITLE_ID} className="space-y-4">
      <h3
        id={RECOVERY_CODES_TITLE_ID}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Save your recovery codes
      </h3>
      <Alert tone="success">{answer.message}</Alert>
      <p className="text-sm text-slate-700">
        If your phone is lost, a recovery code signs you in instead of a code from the app.{' '}
        {answer.message === MFA_MESSAGES.recoveryCodesShownOnce
          ? null
          : MFA_MESSAGES.recoveryCodesShownOnce}
      </p>
      <ol
        data-testid="recovery-codes"
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton
          text={codes.join('\n')}
          what="recovery codes"
          label="Copy codes"
          failedText="Could not copy: select the codes and copy them."
        />
        <Button size="sm" onClick={download}>
          Download codes
        </Button>
        <Button size="sm" variant="primary" className="ml-auto" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
};
