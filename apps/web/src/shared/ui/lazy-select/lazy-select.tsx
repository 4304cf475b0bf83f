import { ComboboxChevron, ComboboxClearButton, InputBase, type SelectProps } from '@mantine/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '../../lib/load-once';
import { notifyError } from '../../lib/notify';
import { optionLabel } from './option-label';
import { withRestStyles } from '../../styles/load';

type RealSelect = typeof import('./select').Select;

// Mantine's Select, loaded once for every LazySelect of the app.
const select = loadOnce(() => withRestStyles(import('./select')).then((module) => module.Select));

/** What the stand-in hands to the real Select when it takes its place. */
interface Handoff {
  focus: boolean;
  open: boolean;
  /** What was typed into a searchable stand-in while the Select loaded. */
  text?: string;
}

// Keys that open a closed Select (Mantine's Combobox target).
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'NumpadEnter', 'Space']);

/**
 * Mantine's Select, loaded on first use (issue 24 section 4): a list's filters, sort and page-size selects draw
 * at first as a stand-in, the same InputBase with Select's classes, label, value's label, chevron and clear button,
 * so the page looks the same without the Select's Combobox, Popover and floating-ui in its first load. Pointing at
 * it starts the load; pressing, focusing, typing or an opening key makes it the real Select, focused, its list open
 * when the press or the key asked for it, and what was typed meanwhile in its search. A Select loaded once draws
 * directly. Takes Select's props (string values); `data` as Select's. A failed load says so in a toast and leaves
 * the stand-in, which tries again on the next use.
 */
export function LazySelect(props: SelectProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const id = props.id ?? autoId;
  // The real Select once loaded, and whether it opens as it is drawn (a press or an opening key asked for it).
  const [real, setReal] = useState<{ Select: RealSelect; open: boolean } | undefined>(() => {
    const loaded = select.loaded();
    return loaded ? { Select: loaded, open: false } : undefined;
  });
  const handoff = useRef<Handoff | null>(null);
  const realInput = useRef<HTMLInputElement>(null);
  // What was typed into a searchable stand-in; until then it shows the value's label (which may arrive later, with
  // a catalog's options).
  const [typed, setTyped] = useState<string | undefined>();

  // The focus in the same commit as the swap, so no key pressed meanwhile lands outside the field.
  useLayoutEffect(() => {
    if (real && handoff.current?.focus) realInput.current?.focus();
  }, [real]);
  // What was typed, after the real Select's own mount effects (children's effects run first), which set its search
  // to the value's label; as an input event while focused, so the Select takes it as typing.
  useEffect(() => {
    const given = handoff.current;
    const input = realInput.current;
    if (!real || !given || !input) return;
    handoff.current = null;
    if (given.text !== undefined) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, given.text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, [real]);

  if (real) {
    return (
      <real.Select
        {...props}
        id={id}
        ref={realInput}
        defaultDropdownOpened={props.defaultDropdownOpened ?? (real.open && !props.searchable)}
      />
    );
  }

  const activate = (wish: Partial<Handoff>) => {
    const before = handoff.current;
    handoff.current = {
      focus: !!before?.focus || !!wish.focus,
      open: !!before?.open || !!wish.open,
      text: wish.text ?? before?.text,
    };
    if (before) return; // this stand-in already waits for the Select
    select.load().then(
      (loaded) => setReal({ Select: loaded, open: handoff.current?.open ?? false }),
      () => {
        handoff.current = null;
        notifyError(t('common:messages.chunkBody'));
      },
    );
  };

  const {
    data,
    value,
    defaultValue,
    onChange,
    onClear,
    searchable,
    clearable,
    clearSectionMode,
    clearButtonProps,
    readOnly,
    disabled,
    error,
    size,
    rightSection,
    rightSectionPointerEvents,
    chevronColor,
    // Select's own props, which the stand-in's input must not receive.
    withCheckIcon: _withCheckIcon,
    withAlignedLabels: _withAlignedLabels,
    checkIconPosition: _checkIconPosition,
    nothingFoundMessage: _nothingFoundMessage,
    searchValue: _searchValue,
    defaultSearchValue: _defaultSearchValue,
    onSearchChange: _onSearchChange,
    allowDeselect: _allowDeselect,
    hiddenInputProps: _hiddenInputProps,
    renderOption: _renderOption,
    scrollAreaProps: _scrollAreaProps,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownOpen: _onDropdownOpen,
    onDropdownClose: _onDropdownClose,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    onOptionSubmit: _onOptionSubmit,
    comboboxProps: _comboboxProps,
    filter: _filter,
    limit: _limit,
    withScrollArea: _withScrollArea,
    maxDropdownHeight: _maxDropdownHeight,
    floatingHeight: _floatingHeight,
    ...inputProps
  } = props;
  const current = value === undefined ? defaultValue : value;
  const interactive = !disabled && !readOnly;
  const label = optionLabel(data, current);

  return (
    <InputBase
      {...inputProps}
      id={id}
      __staticSelector="Select"
      size={size}
      disabled={disabled}
      error={error}
      readOnly={readOnly || !searchable}
      pointer={!searchable}
      value={typed ?? label}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      __clearSection={
        <ComboboxClearButton
          {...clearButtonProps}
          onClear={() => {
            onChange?.(null, null);
            onClear?.();
          }}
        />
      }
      __clearable={!!clearable && current != null && interactive}
      __clearSectionMode={clearSectionMode}
      rightSection={rightSection}
      rightSectionPointerEvents={rightSectionPointerEvents || 'none'}
      onPointerEnter={() => interactive && void select.load().catch(() => undefined)}
      onTouchStart={() => interactive && void select.load().catch(() => undefined)}
      onMouseDown={(event) => {
        if (!interactive || event.button !== 0) return;
        // The focus moves to the real Select when it is drawn, not to the stand-in it replaces.
        event.preventDefault();
        activate({ focus: true, open: true });
      }}
      onFocus={() => interactive && activate({ focus: true, open: !!searchable })}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (interactive && OPENING_KEYS.has(event.nativeEvent.code)) {
          event.preventDefault();
          activate({ focus: true, open: true });
        }
      }}
      onChange={(event) => {
        if (!interactive) return;
        setTyped(event.currentTarget.value);
        activate({ focus: true, open: true, text: event.currentTarget.value });
      }}
    />
  );
}
