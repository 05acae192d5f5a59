import type { KeyboardEvent } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field';

/** The post's title: one line, so Enter moves on to the body instead of breaking it. */
export function TitleField({
  value,
  error,
  onValueChange,
  onEnter,
}: {
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onEnter: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <TextAreaField
      label="Title"
      name="title"
      rows={1}
      placeholder="Title"
      inputClassName="post-form__title"
      value={value}
      onValueChange={onValueChange}
      onKeyDown={onKeyDown}
      error={error}
    />
  );
}
