// Architecture rules of STYLE.md that off-the-shelf rules do not express.
import path from 'node:path';

const featureOf = (file) => /apps\/web\/src\/features\/([^/]+)\//.exec(file.replaceAll('\\', '/'))?.[1];
const moduleOf = (file) => /apps\/server\/src\/modules\/([^/]+)\//.exec(file.replaceAll('\\', '/'))?.[1];

function resolved(context, source) {
  if (!source.startsWith('.')) return null;
  return path.resolve(path.dirname(context.filename), source).replaceAll('\\', '/') + '/';
}

/** A web feature never imports another feature; the router composes them. */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: { cross: 'Feature "{{from}}" imports feature "{{to}}"; compose them in src/app instead.' },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const target = resolved(context, node.source.value);
        const to = target && featureOf(target);
        if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
      },
    };
  },
};

/**
 * A server module reaches another only through its service (or module entry), never its tables or
 * repository; a table file may import another module's table for a foreign key.
 */
const moduleThroughService = {
  meta: {
    type: 'problem',
    messages: {
      reach: 'Module "{{from}}" reaches into "{{file}}" of module "{{to}}"; call its *.service.ts instead.',
    },
  },
  create(context) {
    const from = moduleOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const target = resolved(context, node.source.value);
        const to = target && moduleOf(target);
        if (!to || to === from) return;
        const file = path.basename(node.source.value);
        // A table may name another module's table in a foreign key: the database keeps the two
        // consistent, and nothing reads or writes through that import.
        const isForeignKey = /\.table\.ts$/.test(context.filename) && /\.table\.js$/.test(file);
        if (!isForeignKey && !/\.(service|module)\.js$/.test(file))
          context.report({ node, messageId: 'reach', data: { from, to, file } });
      },
    };
  },
};

export const architecture = {
  rules: {
    'no-cross-feature-imports': noCrossFeatureImports,
    'module-through-service': moduleThroughService,
  },
};
