// Enforces the dependency directions of ARCHITECTURE.md:
//   src -> machines, schemas, i18n; server -> machines, schemas; machines -> schemas;
//   schemas and i18n -> nothing of ours. Nothing outside src imports src, and a feature
//   folder never reaches into another feature: the one thing it may take from another is that
//   area's typed API module (`<area>-api.ts`), so a call is written once (the contract form
//   picks its company through the companies API).
import path from 'node:path';

const LAYERS = ['src', 'machines', 'schemas', 'i18n', 'server', 'tests', 'e2e', 'bench', 'scripts'];
const ALLOWED = {
  src: ['src', 'machines', 'schemas', 'i18n'],
  machines: ['machines', 'schemas'],
  schemas: ['schemas'],
  i18n: ['i18n'],
  server: ['server', 'machines', 'schemas', 'i18n'],
  // Tests, end-to-end tests, benchmarks and scripts look at everything.
  tests: LAYERS,
  e2e: LAYERS,
  bench: LAYERS,
  scripts: LAYERS,
};

function layerOf(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  return LAYERS.includes(rel[0]) ? rel : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer directions of ARCHITECTURE.md' },
    messages: {
      layer: "'{{from}}' may not import from '{{to}}' (ARCHITECTURE.md, Layout).",
      feature:
        "Feature '{{from}}' may not reach into feature '{{to}}' (only its API module, '{{to}}-api.ts'): move the shared piece to src/lib or src/app.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(root, file);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = layerOf(root, path.resolve(path.dirname(file), source));
      if (!target) return;
      if (!ALLOWED[from[0]].includes(target[0])) {
        context.report({ node, messageId: 'layer', data: { from: from[0], to: target[0] } });
        return;
      }
      const fromFeature = from[0] === 'src' && from[1] === 'features' ? from[2] : null;
      const toFeature = target[0] === 'src' && target[1] === 'features' ? target[2] : null;
      const isApiModule = toFeature && target[3]?.replace(/\.tsx?$/, '') === `${toFeature}-api`;
      if (fromFeature && toFeature && fromFeature !== toFeature && !isApiModule) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
