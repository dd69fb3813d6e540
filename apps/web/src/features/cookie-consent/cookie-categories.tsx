import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { CookieConsent } from './cookie-consent';
import { COOKIE_CATEGORIES, COOKIE_TEXTS } from './cookie-texts';

type CookieCategoriesProps = {
  selection: CookieConsent;
  onChange: (selection: CookieConsent) => void;
};

/**
 * The categories behind "Choose cookies": Necessary (locked on), Preferences, Statistics,
 * Marketing. Its own chunk, loaded when opened: most visitors never open it.
 */
export function CookieCategories({ selection, onChange }: CookieCategoriesProps) {
  return (
    <FormGroup row aria-label={COOKIE_TEXTS.categoriesLabel}>
      <FormControlLabel control={<Checkbox checked disabled size="small" />} label={COOKIE_TEXTS.necessary} />
      {COOKIE_CATEGORIES.map((category) => (
        <FormControlLabel
          key={category.key}
          control={
            <Checkbox
              size="small"
              checked={selection[category.key]}
              onChange={(event) => onChange({ ...selection, [category.key]: event.target.checked })}
            />
          }
          label={category.label}
          title={category.description}
        />
      ))}
    </FormGroup>
  );
}
