import { lazy, Suspense, useEffect, useState, type SubmitEvent } from 'react';
import {
  ADMIN_DOC_CATEGORIES,
  ADMIN_DOC_LIMITS,
  DEFAULT_ADMIN_DOC_CATEGORY,
  FIXED_FLAG_LABELS,
  hasVisibleText,
  type TAdminDoc,
  type TAdminDocCategory,
} from '@portal/domain/admin-docs-api';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { categoryLabel } from '../lib/display';

// TipTap is the heaviest part of the screen; it downloads when a form first opens.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

export type TDocFormValues = {
  title: string;
  category: TAdminDocCategory;
  is_fixed: boolean;
  content: string;
  change_notes: string;
};

type TProps = {
  /** The document being edited (its current version), or none for a new one. */
  editing?: TAdminDoc | undefined;
  saving: boolean;
  /** `baseVersion` is the version the form opened on, whatever has been saved since. */
  onSave: (values: TDocFormValues, baseVersion: number | undefined) => void;
  onCancel: () => void;
  /** Told whether the form holds changes that leaving it would lose. */
  onDirtyChange: (dirty: boolean) => void;
};

const FIELDS = ['title', 'category', 'is_fixed', 'content', 'change_notes'] as const;

/** Create or edit: Title, Category, the fixed flag where it applies, content, Change Notes. */
export const DocForm = ({ editing, saving, onSave, onCancel, onDirtyChange }: TProps) => {
  // Fixed at opening: a refetch after someone else's save must not move it, or this save
  // would silently overwrite theirs instead of meeting the 409.
  const [baseVersion] = useState(editing?.version);
  const [initial, setInitial] = useState<TDocFormValues>(() => ({
    title: editing?.title ?? '',
    category: editing?.category ?? DEFAULT_ADMIN_DOC_CATEGORY,
    is_fixed: editing?.is_fixed ?? false,
    content: editing?.content ?? '',
    change_notes: '',
  }));
  const [values, setValues] = useState<TDocFormValues>(initial);
  const fixedLabel = FIXED_FLAG_LABELS[values.category]?.box;
  // The spec's rule, as the server applies it: a title and content with some text, not
  // just spaces (an editor holding only blank paragraphs has none).
  const canSave = values.title.trim() !== '' && hasVisibleText(values.content) && !saving;
  const dirty = FIELDS.some((field) => values[field] !== initial[field]);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSave) {
      onSave(values, baseVersion);
    }
  };

  return (
    <form aria-labelledby="doc-form-title" className="space-y-4" onSubmit={submit}>
      <h2 id="doc-form-title" className="text-xl font-bold text-slate-900">
        {editing ? `Edit: ${editing.title}` : 'New Document'}
      </h2>
      <TextField
        id="doc-title-input"
        label="Title"
        required
        maxLength={ADMIN_DOC_LIMITS.title}
        disabled={saving}
        value={values.title}
        onChange={(event) => setValues({ ...values, title: event.target.value })}
      />
      <div className="flex flex-wrap items-end gap-4">
        <Field id="doc-category" label="Category">
          {(control) => (
            <Select
              {...control}
              disabled={saving}
              value={values.category}
              onChange={(event) => {
                const category = event.target.value as TAdminDocCategory;
                // The flag exists only for some categories; it never travels to others.
                setValues({
                  ...values,
                  category,
                  is_fixed: values.is_fixed && !!FIXED_FLAG_LABELS[category],
                });
              }}
            >
              {ADMIN_DOC_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {fixedLabel && (
          <Checkbox
            className="mb-2.5"
            label={fixedLabel}
            disabled={saving}
            checked={values.is_fixed}
            onCheckedChange={(checked) => setValues({ ...values, is_fixed: checked === true })}
          />
        )}
      </div>
      <div>
        <Label asChild>
          <span id="doc-content-label">Content</span>
        </Label>
        <Suspense
          fallback={
            <div
              className="h-[400px] rounded-lg border border-slate-300 bg-slate-50"
              aria-hidden="true"
            />
          }
        >
          <RichTextEditor
            initialContent={values.content}
            labelledBy="doc-content-label"
            disabled={saving}
            onChange={(html) => setValues((previous) => ({ ...previous, content: html }))}
            onReady={(html) => {
              // The editor's own writing of the starting text is no change of the admin's.
              setInitial((previous) => ({ ...previous, content: html }));
              setValues((previous) => ({ ...previous, content: html }));
            }}
          />
        </Suspense>
      </div>
      {editing && (
        <TextField
          id="doc-change-notes"
          label="Change Notes"
          maxLength={ADMIN_DOC_LIMITS.changeNotes}
          disabled={saving}
          placeholder="What changed in this version?"
          value={values.change_notes}
          onChange={(event) => setValues({ ...values, change_notes: event.target.value })}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={!canSave}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Document'}
        </Button>
        <Button disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
