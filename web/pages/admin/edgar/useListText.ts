/**
 * The text of a list typed as comma-separated text, kept as typed ("GS, " on the way to
 * "GS, MS") and only reset when the list changes from outside to something the text does not say.
 */
import { useState } from 'react';
import { commaList } from '../commaList';

export type ListTextState = { text: string; type: (typed: string) => void };

export function useListText(value: string[], onChange: (next: string[]) => void): ListTextState {
  const [text, setText] = useState(value.join(', '));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value.join('\u0000') !== commaList(text).join('\u0000')) setText(value.join(', '));
  }
  const type = (typed: string) => {
    setText(typed);
    onChange(commaList(typed));
  };
  return { text, type };
}
