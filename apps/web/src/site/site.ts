// The entry of the static public pages' script: see site-behaviour.ts.
import { startSite } from './site-behaviour';

startSite();
