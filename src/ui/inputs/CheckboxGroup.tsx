import { ChoiceFrame, type ChoiceGroupProps, type ChoiceValue } from './ChoiceGroup';
import { useControllable } from '../internal/use-controllable';

export type { ChoiceOption, ChoiceValue } from './ChoiceGroup';

export interface CheckboxGroupProps extends ChoiceGroupProps {
  value?: ChoiceValue[];
  defaultValue?: ChoiceValue[];
  setValue?: (value: ChoiceValue[]) => void;
}

/**
 * Several choices out of a list, in a column unless `direction="row"` (flows 9). Values that look
 * numeric are handed out as numbers (flows 5).
 *
 * @example
 * <CheckboxGroup label={t('field.days')} options={[{ value: '1', text: t('day.monday') }]} value={days} setValue={setDays} />
 */
export function CheckboxGroup({ value, defaultValue = [], setValue, ...groupProps }: CheckboxGroupProps) {
  const [current, update] = useControllable(value, setValue, defaultValue);
  return (
    <ChoiceFrame
      {...groupProps}
      type="checkbox"
      isChecked={(option) => current.includes(option)}
      toggle={(option, checked) => update(checked ? [...current, option] : current.filter((item) => item !== option))}
    />
  );
}
