import { useState } from 'react';
import { findCaseIssues, type TCaseFixResult } from '@portal/domain/case-fixer';
import type { TSaveGroupBody } from '@portal/domain/data-sync-api';
import { useSaveSyncGroup } from '../../api/save-sync-group';
import {
  NO_ERRORS,
  hasErrors,
  localErrors,
  serverErrors,
  type TEditorErrors,
} from './editor-errors';
import {
  emptyMapping,
  formToBody,
  idFromName,
  mappingToForm,
  moved,
  type TGroupForm,
  type TMappingForm,
} from './form-model';

export type TEditorMode = 'new' | 'edit' | 'duplicate';

type TUseGroupEditorOptions = {
  /** Read once, when the editor opens. */
  initial: () => TGroupForm;
  mode: TEditorMode;
  onSaved: (name: string) => void;
};

/**
 * The editor's state and its save: checks first (the spec's messages), then the case fixer
 * (a review step when it finds something), then the POST. A refusal puts its message where
 * it belongs and keeps everything typed.
 */
export const useGroupEditor = ({ initial, mode, onSaved }: TUseGroupEditorOptions) => {
  const create = mode !== 'edit';
  const [form, setForm] = useState(initial);
  // A new group's id follows its name until the admin types one.
  const [idTouched, setIdTouched] = useState(mode !== 'new');
  const [errors, setErrors] = useState<TEditorErrors>(NO_ERRORS);
  // Bumped on each refusal, so the dialog moves focus to the first message again.
  const [attempt, setAttempt] = useState(0);
  const [review, setReview] = useState<TCaseFixResult>();
  const save = useSaveSyncGroup();

  const refuse = (next: TEditorErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

  const send = (body: TSaveGroupBody) => {
    save.mutate(body, {
      onSuccess: () => onSaved(body.group.name),
      onError: (error) => {
        setReview(undefined);
        refuse(serverErrors(error, form, { create }));
      },
    });
  };

  const updateMapping = (key: string, patch: Partial<TMappingForm>) =>
    setForm((current) => ({
      ...current,
      mappings: current.mappings.map((mapping) =>
        mapping.key === key ? { ...mapping, ...patch } : mapping,
      ),
    }));

  return {
    form,
    errors,
    attempt,
    review,
    saving: save.isPending,
    create,
    setName: (name: string) =>
      setForm((current) => ({ ...current, name, id: idTouched ? current.id : idFromName(name) })),
    setDescription: (description: string) => setForm((current) => ({ ...current, description })),
    setId: (id: string) => {
      setIdTouched(true);
      setForm((current) => ({ ...current, id }));
    },
    updateMapping,
    addMapping: () =>
      setForm((current) => ({ ...current, mappings: [...current.mappings, emptyMapping()] })),
    removeMapping: (key: string) =>
      setForm((current) => ({
        ...current,
        mappings: current.mappings.filter((mapping) => mapping.key !== key),
      })),
    moveMapping: (index: number, by: -1 | 1) =>
      setForm((current) => ({ ...current, mappings: moved(current.mappings, index, by) })),

    /** Save: checks, then the fixer's review if it finds anything, else straight to the server. */
    submit: () => {
      const local = localErrors(form);
      if (hasErrors(local)) {
        refuse(local);
        return;
      }
      setErrors(NO_ERRORS);
      const body = formToBody(form, { create });
      const result = findCaseIssues(body.group.mappings);
      if (result.issues.length > 0) {
        setReview(result);
        return;
      }
      send(body);
    },
    /** From the review: the fixed mappings, kept in the form too, then saved. */
    applyFixesAndSave: () => {
      if (!review) {
        return;
      }
      const fixed = review.fixed;
      setForm((current) => ({
        ...current,
        mappings: current.mappings.map((mapping, index) => ({
          ...mappingToForm(fixed[index]!),
          key: mapping.key,
        })),
      }));
      const body = formToBody(form, { create });
      send({ ...body, group: { ...body.group, mappings: [...fixed] } });
    },
    saveAsIs: () => send(formToBody(form, { create })),
    back: () => setReview(undefined),
  };
};

export type TGroupEditor = ReturnType<typeof useGroupEditor>;
