// The encoder is the app's own (the demo seeder sends forms too).
export { multipartBody as multipart, type FormPart } from '../../src/platform/http/multipart-body.js';

/** The smallest valid PNG (1x1), for logo uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
