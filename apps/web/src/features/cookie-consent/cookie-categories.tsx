import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { CookieConsent } from './cookie-consent';

type Category = Exclude<keyof CookieConsent, 'necessary'>;

const CATEGORIES: { key: Category; label: string; description: string }[] = [
  { key: 'preferences', label: 'Preferences', description: 'Remember your settings and choices.' },
  { key: 'statistics', label: 'Statistics', description: 'Help us understand how the site is used.' },
  { key: 'marketing', label: 'Marketing', description: 'Measure our campaigns and show relevant offers.' },
];

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
    <FormGroup row aria-label="Cookie categories">
      <FormControlLabel control={<Checkbox checked disabled size="small" />} label="Necessary" />
      {CATEGORIES.map((category) => (
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
