import * as Menu from '@radix-ui/react-dropdown-menu';
import { memo } from 'react';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A dropdown of exclusive choices: the APG menu button with radio items, from Radix. Not modal
 * and rendered in place, so the rest of the page stays as it was (the filters are not a
 * dialog). The button shows the current choice, or `placeholder` when `value` matches none.
 */
export const ChoiceSelect = memo(function ChoiceSelect({
  label,
  value,
  choices,
  placeholder,
  onChange,
  className,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  placeholder: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const current = choices.find((choice) => choice.value === value)?.label ?? placeholder;
  return (
    <div className={`dir-select ${className ?? ''}`}>
      <Menu.Root modal={false}>
        <Menu.Trigger className="dir-select__trigger">
          <span className="dir-select__label">{label}:</span> <span>{current}</span>
          <span className="dir-select__icon" aria-hidden="true">
            ▾
          </span>
        </Menu.Trigger>
        <Menu.Content className="dir-select__content" align="start" sideOffset={4} aria-label={label}>
          <Menu.RadioGroup value={value} onValueChange={onChange}>
            {choices.map((choice) => (
              <Menu.RadioItem key={choice.value} value={choice.value} className="dir-select__item">
                <Menu.ItemIndicator className="dir-select__check" aria-hidden="true">
                  ✓
                </Menu.ItemIndicator>
                {choice.label}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Root>
    </div>
  );
});
