import { validateMapping } from '@portal/domain/sync-mapping';
import { ApiError } from '../../../../lib/api-client';
import { GROUP_ID_PATTERN, formToMapping, type TGroupForm } from './form-model';

/** What is wrong, where: a field of the group, one of its mappings (by key), or the whole. */
export type TEditorErrors = {
  name?: string | undefined;
  id?: string | undefined;
  general?: string | undefined;
  mappings: Record<string, string>;
};

export const NO_ERRORS: TEditorErrors = { mappings: {} };

export const hasErrors = (errors: TEditorErrors) =>
  Boolean(errors.name || errors.id || errors.general || Object.keys(errors.mappings).length);

/**
 * The checks the server makes, made first so their messages come at once: the group's
 * name and id (the server's words), and each mapping with the spec's messages
 * (validateMapping), prefixed as the server prefixes them.
 */
export const localErrors = (form: TGroupForm): TEditorErrors => {
  const mappings: Record<string, string> = {};
  form.mappings.forEach((mapping, index) => {
    const result = validateMapping(formToMapping(mapping));
    if (!result.ok) {
      const table = mapping.mysqlTable.trim();
      mappings[mapping.key] =
        `Mapping ${index + 1}${table ? ` (${table})` : ''}: ${result.errors[0]}`;
    }
  });
  const id = form.id.trim();
  return {
    name: form.name.trim() === '' ? 'Group name is required' : undefined,
    id:
      id === ''
        ? 'Group id is required'
        : GROUP_ID_PATTERN.test(id)
          ? undefined
          : 'Group id must be a plain identifier',
    mappings,
  };
};

/**
 * A refused save, put where it belongs: 'Mapping 2 (payors): …' at mapping 2, a taken id
 * (409 on create) at the Id field, the name's and id's own messages at theirs; the rest
 * above the buttons.
 */
export const serverErrors = (
  error: Error,
  form: TGroupForm,
  { create }: { create: boolean },
): TEditorErrors => {
  const message = error.message;
  if (error instanceof ApiError && error.status === 409 && create) {
    return { ...NO_ERRORS, id: message };
  }
  const mapping = /^Mapping (\d+)\b/.exec(message);
  const target = mapping ? form.mappings[Number(mapping[1]) - 1] : undefined;
  if (target) {
    return { ...NO_ERRORS, mappings: { [target.key]: message } };
  }
  if (/^group[./]id\b/i.test(message)) {
    return { ...NO_ERRORS, id: message.replace(/^group[./]id:\s*/i, '') };
  }
  if (/^group[./]name\b/i.test(message) || /renamed/.test(message)) {
    return { ...NO_ERRORS, name: message.replace(/^group[./]name:\s*/i, '') };
  }
  return { ...NO_ERRORS, general: `Could not save the group: ${message}` };
};
