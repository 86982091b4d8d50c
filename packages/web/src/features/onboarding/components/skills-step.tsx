import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { cadSkillOptions, designerSkillOptions, serviceTypeOptions } from '@facet/domain/rules';
import type { Option } from '@facet/domain/rules';
import { ChipSelect, Field, Textarea } from '../../../components/ui';
import type { SignupFormValues } from '../lib/signup-form';

type ChoiceName = 'skills' | 'cadSkills' | 'softwareSkills' | 'softwareOwn' | 'serviceTypes' | 'purpose';

/** A required chip group bound to a form field. */
export function ChoiceField({
  name,
  label,
  hint,
  options,
  required = true,
}: {
  name: ChoiceName;
  label: string;
  hint?: string;
  options: readonly Option[];
  required?: boolean;
}) {
  const { control } = useFormContext<SignupFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <ChipSelect
          label={label}
          hint={hint}
          options={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          required={required}
        />
      )}
    />
  );
}

export function SkillsStep() {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const role = useWatch({ control, name: 'role' });
  if (role === 'service') {
    return (
      <div className="wizard__fields">
        <ChoiceField
          name="serviceTypes"
          label="Service types"
          hint="What you offer."
          options={serviceTypeOptions}
        />
        <Field
          label="Tell us why you want to join"
          required
          error={formState.errors.tellWhy?.message}
          hint="Your workshop, equipment and the work you are best at."
        >
          <Textarea rows={5} {...register('tellWhy')} />
        </Field>
      </div>
    );
  }
  return (
    <div className="wizard__fields">
      <ChoiceField
        name="skills"
        label="Designer skills"
        hint="The pieces you design."
        options={designerSkillOptions}
      />
      <ChoiceField name="cadSkills" label="CAD skills" options={cadSkillOptions} />
    </div>
  );
}
