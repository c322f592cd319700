import { Input } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { Field } from '../../../../components/ui/field';
import type { TGroupForm } from './form-model';

type TGroupFieldsProps = {
  form: TGroupForm;
  errors: { name?: string | undefined; id?: string | undefined };
  /** A saved group keeps its id; a default group keeps its name too. */
  idFixed: boolean;
  nameFixed: boolean;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
  onId: (id: string) => void;
};

/** Name, Description and Id of the group. */
export const GroupFields = ({
  form,
  errors,
  idFixed,
  nameFixed,
  onName,
  onDescription,
  onId,
}: TGroupFieldsProps) => (
  <div className="grid gap-4 sm:grid-cols-2">
    <Field
      id="group-name"
      label="Name"
      hint={nameFixed ? 'Default groups keep their name.' : undefined}
      error={errors.name}
    >
      {(control) => (
        <Input
          {...control}
          required
          maxLength={255}
          readOnly={nameFixed}
          className={nameFixed ? 'bg-slate-100' : undefined}
          value={form.name}
          onChange={(event) => onName(event.target.value)}
        />
      )}
    </Field>
    <Field
      id="group-id"
      label="Id"
      hint={
        idFixed
          ? 'A saved group keeps its id: schedules and runs refer to it.'
          : 'Letters, digits and underscores; made from the name until you change it.'
      }
      error={errors.id}
    >
      {(control) => (
        <Input
          {...control}
          required
          maxLength={64}
          readOnly={idFixed}
          spellCheck={false}
          autoCapitalize="off"
          className={idFixed ? 'bg-slate-100 font-mono' : 'font-mono'}
          value={form.id}
          onChange={(event) => onId(event.target.value)}
        />
      )}
    </Field>
    <Field id="group-description" label="Description" className="sm:col-span-2">
      {(control) => (
        <Textarea
          {...control}
          rows={2}
          className="min-h-16"
          maxLength={1000}
          value={form.description}
          onChange={(event) => onDescription(event.target.value)}
        />
      )}
    </Field>
  </div>
);
