import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { USER_SEARCH_MIN_LENGTH, type TUserSuggestion } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { useSettled } from '../../../lib/use-settled';
import { useSearchUserSuggestionsQuery } from '../audit-logs.api';
import { AUDIT_FALLBACK_REASON, logsErrorText } from '../messages';

const NO_SUGGESTIONS: TUserSuggestion[] = [];
/** Typing settles this long before the server is asked. */
export const SUGGEST_DELAY_MS = 300;
/** 000 section 9: the dropdown is at most 200 px high. */
export const SUGGESTIONS_MAX_HEIGHT = 200;

type UserEmailSearchProps = {
  /** The picked user; typing again drops the pick. */
  value: TUserSuggestion | null;
  onChange: (user: TUserSuggestion | null) => void;
  helperText?: string;
};

/** The user e-mail box of the Logs screen: suggestions (name and e-mail) from two characters on. */
export function UserEmailSearch({ value, onChange, helperText }: UserEmailSearchProps) {
  const [input, setInput] = useState(value?.email ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const settled = useSettled(input.trim(), SUGGEST_DELAY_MS);
  const isLongEnough = settled.length >= USER_SEARCH_MIN_LENGTH;
  const suggestions = useSearchUserSuggestionsQuery(settled, { skip: !isLongEnough });
  const options = isLongEnough ? (suggestions.currentData?.content ?? NO_SUGGESTIONS) : NO_SUGGESTIONS;
  const error =
    suggestions.isError && isLongEnough
      ? logsErrorText(getErrorMessage(suggestions.error, AUDIT_FALLBACK_REASON))
      : null;

  return (
    <Autocomplete<TUserSuggestion>
      options={options}
      value={value}
      // The server filtered already: show its answer as it is.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.email}
      isOptionEqualToValue={(option, chosen) => option.userId === chosen.userId}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        // Typing over a picked address drops the pick: Search needs a picked user again.
        if (reason === 'input' && value && text !== value.email) onChange(null);
      }}
      onChange={(_event, chosen) => onChange(chosen)}
      // Below two characters there is nothing to suggest: no dropdown at all.
      open={isOpen && input.trim().length >= USER_SEARCH_MIN_LENGTH}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      loading={suggestions.isFetching}
      noOptionsText="No user with this e-mail address"
      sx={{ width: 360 }}
      slotProps={{ listbox: { style: { maxHeight: SUGGESTIONS_MAX_HEIGHT } } }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {option.fullName}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.email}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label="User e-mail"
          placeholder={`Type at least ${USER_SEARCH_MIN_LENGTH} characters`}
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
        />
      )}
    />
  );
}
