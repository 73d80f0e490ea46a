import { ChoiceFrame, type ChoiceGroupProps, type ChoiceValue } from './ChoiceGroup';
import { useControllable } from '../internal/use-controllable';

export interface RadioGroupProps extends ChoiceGroupProps {
  value?: ChoiceValue | null;
  defaultValue?: ChoiceValue | null;
  setValue?: (value: ChoiceValue) => void;
}

/**
 * One choice out of a list, in a column unless `direction="row"` (flows 9); arrow keys move between
 * the choices as in any radio group. Values that look numeric are handed out as numbers (flows 5).
 *
 * @example
 * <RadioGroup label={t('field.size')} options={[{ value: 's', text: t('size.small') }]} value={size} setValue={setSize} />
 */
export function RadioGroup({ value, defaultValue = null, setValue, ...groupProps }: RadioGroupProps) {
  const [current, update] = useControllable<ChoiceValue | null, ChoiceValue>(value, setValue, defaultValue);
  return <ChoiceFrame {...groupProps} type="radio" isChecked={(option) => option === current} toggle={(option, checked) => checked && update(option)} />;
}
