// tsc copies no data files; the server reads these next to its compiled code.
import { cpSync } from 'node:fs';

cpSync('src/modules/access/common-passwords.txt', 'dist/modules/access/common-passwords.txt');
