import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ErrorState } from '../../../../components/ui/error-state';
import { Modal } from '../../../../components/ui/modal';
import { SkeletonRows } from '../../../../components/ui/skeleton';
import { toast } from '../../../../components/ui/toast';
import { useCatalogue } from '../../api/get-catalogue';
import { GroupFields } from './group-fields';
import { duplicateForm, formToBody, groupToForm, newGroupForm } from './form-model';
import { MappingEditor } from './mapping-editor';
import { SaveReview } from './save-review';
import { useGroupEditor, type TEditorMode } from './use-group-editor';

/** What the editor opens on: a blank group, a group to edit, or one to copy. */
export type TEditorTarget =
  | { mode: 'new' }
  | {
      mode: 'edit' | 'duplicate';
      group: Pick<TSyncGroup, 'id' | 'name' | 'description' | 'mappings' | 'isDefault'>;
    };

const TITLES: Record<TEditorMode, string> = {
  new: 'New sync group',
  edit: 'Edit sync group',
  duplicate: 'Duplicate sync group',
};

const initialForm = (target: TEditorTarget) =>
  target.mode === 'new'
    ? newGroupForm()
    : target.mode === 'edit'
      ? groupToForm(target.group)
      : duplicateForm(target.group);

const EMPTY_CATALOGUE = { tables: [], destinations: [] };

/** The catalogue's state above the mappings: they stay editable whatever it is. */
const CatalogueState = ({ catalogue }: { catalogue: ReturnType<typeof useCatalogue> }) => {
  if (catalogue.isPending) {
    return <SkeletonRows rows={2} label="Loading the warehouse's tables and columns…" />;
  }
  if (catalogue.isError) {
    return (
      <ErrorState
        title="Failed to load the warehouse's tables and columns"
        message={`${catalogue.error.message} The mappings can still be edited as written.`}
        onRetry={() => void catalogue.refetch()}
        retrying={catalogue.isFetching}
      />
    );
  }
  return catalogue.data.tables.length === 0 ? (
    <EmptyState
      title="The warehouse has no tables"
      text="Check the warehouse connection; a SQL query mapping can still be written."
    />
  ) : null;
};

/**
 * Create, edit or duplicate a sync group and its mappings, built from the warehouse's
 * catalogue (admins). Save runs the case fixer first; a refusal is shown where it belongs.
 */
export const GroupEditorDialog = ({
  target,
  onClose,
}: {
  target: TEditorTarget;
  onClose: () => void;
}) => {
  const catalogue = useCatalogue();
  const editor = useGroupEditor({
    initial: () => initialForm(target),
    mode: target.mode,
    onSaved: (name) => {
      toast({ title: 'Sync group saved', description: name, tone: 'success' });
      onClose();
    },
  });
  const body = useRef<HTMLDivElement>(null);
  const { form, errors, attempt } = editor;
  // Escape or a click beside a long form should not throw away what was typed: it asks.
  const written = JSON.stringify(formToBody(form, { create: editor.create }));
  const [opening] = useState(written);
  const [discarding, setDiscarding] = useState(false);
  const close = () => (written === opening || editor.saving ? onClose() : setDiscarding(true));

  // After a refusal, focus goes to the first message (or the field it is about).
  useEffect(() => {
    if (attempt === 0) {
      return;
    }
    body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-alert]')?.focus();
  }, [attempt]);

  // Where focus goes once the list has redrawn: a new mapping's first field, or the list's
  // heading when the mapping (and the button pressed) has gone.
  const focusNext = useRef<string>(undefined);
  useEffect(() => {
    const selector = focusNext.current;
    focusNext.current = undefined;
    if (selector) {
      body.current?.querySelector<HTMLElement>(selector)?.focus();
    }
  }, [form.mappings.length]);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!editor.saving) {
      editor.submit();
    }
  };
  const data = catalogue.data ?? EMPTY_CATALOGUE;
  const title = target.mode === 'new' ? TITLES.new : `${TITLES[target.mode]}: ${target.group.name}`;

  return (
    <Modal open onOpenChange={(open) => !open && close()} title={title} size="xl">
      <div ref={body}>
        {editor.review ? (
          <SaveReview
            review={editor.review}
            saving={editor.saving}
            onApply={editor.applyFixesAndSave}
            onSaveAsIs={editor.saveAsIs}
            onBack={editor.back}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-6">
            <GroupFields
              form={form}
              errors={errors}
              idFixed={target.mode === 'edit'}
              nameFixed={target.mode === 'edit' && target.group.isDefault}
              onName={editor.setName}
              onDescription={editor.setDescription}
              onId={editor.setId}
            />
            <section aria-labelledby="mappings-title" className="space-y-3">
              <h3
                id="mappings-title"
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 focus:outline-none"
              >
                Mappings
              </h3>
              <CatalogueState catalogue={catalogue} />
              {form.mappings.length === 0 && (
                <EmptyState title="No mappings yet" text="A group runs its mappings in order." />
              )}
              {form.mappings.map((mapping, index) => (
                <MappingEditor
                  key={mapping.key}
                  index={index}
                  count={form.mappings.length}
                  mapping={mapping}
                  catalogue={data}
                  error={errors.mappings[mapping.key]}
                  // A long group opens folded, but a mapping just added opens to be filled in.
                  startOpen={form.mappings.length <= 2 || mapping.mysqlTable === ''}
                  onChange={(patch) => editor.updateMapping(mapping.key, patch)}
                  onMove={(by) => editor.moveMapping(index, by)}
                  onRemove={() => {
                    focusNext.current = '#mappings-title';
                    editor.removeMapping(mapping.key);
                  }}
                />
              ))}
              <Button
                onClick={() => {
                  focusNext.current = `#mapping-${form.mappings.length + 1}-destination`;
                  editor.addMapping();
                }}
              >
                Add mapping
              </Button>
            </section>
            {errors.general && (
              <div data-error-alert tabIndex={-1}>
                <Alert tone="error">{errors.general}</Alert>
              </div>
            )}
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="primary" aria-disabled={editor.saving}>
                {editor.saving ? 'Saving…' : 'Save group'}
              </Button>
            </div>
          </form>
        )}
      </div>
      <ConfirmDialog
        open={discarding}
        title="Discard your changes?"
        message="The group has changes that are not saved. Closing the editor discards them."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onCancel={() => setDiscarding(false)}
        onConfirm={onClose}
      />
    </Modal>
  );
};
