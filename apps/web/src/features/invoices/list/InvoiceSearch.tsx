import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Waits for a pause in typing, so the list is not asked again for every letter. */
const DEBOUNCE_MS = 300;

interface InvoiceSearchProps {
  /** The search in the address. */
  value: string;
  onSearch: (query: string) => void;
  /** Another list's name and hint (the inbox's); the invoice list's by default. */
  label?: string;
  placeholder?: string;
}

/** The search box for an invoice number or a client's name (and the inbox's, for a number or supplier). */
export function InvoiceSearch({ value, onSearch, label, placeholder }: InvoiceSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  // The address can change under the box (back button, a link); show that search then, but keep
  // what is being typed when the change is the box's own search arriving.
  if (value !== followed) {
    setFollowed(value);
    if (text.trim() !== value) setText(value);
  }
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), DEBOUNCE_MS);

  return (
    // type=search: browsers offer their own clear button and Escape, and it is announced as a search box.
    <TextInput
      type="search"
      aria-label={label ?? t('invoices.search')}
      placeholder={placeholder ?? t('invoices.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
