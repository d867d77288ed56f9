// Enforces the dependency directions of ARCHITECTURE.md:
//   src -> machines, schemas, i18n; server -> machines, schemas; machines -> schemas;
//   schemas and i18n -> nothing of ours. Nothing outside src imports src, and a feature
//   folder never reaches into another feature: the one thing it may take from another is that
//   area's typed API module (`<area>-api.ts`), so a call is written once (the contract form
//   picks its company through the companies API). On the server an area (`server/<area>/`)
//   never imports another area's routes (`routes.ts`, `*-routes.ts`): what two areas share
//   lives in a store, a use case or a helper module, and a route file is only a table.
//   `server/db` never imports a plugin (`server/plugins/`): plugins are built on the data
//   layer, not the other way round.
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
      serverRoutes:
        "Server area '{{from}}' may not import the routes of area '{{to}}': move the shared piece to that area's store or a module of its own.",
      dbPlugin: "server/db may not import a plugin ('server/plugins/{{to}}'): move the piece it needs out of the plugin.",
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
      if (from[0] === 'server' && target[0] === 'server') checkServer(node, from, target);
    }
    // Only files inside an area folder count: server/app.ts composes the areas' routes.
    function checkServer(node, from, target) {
      const fromArea = from.length > 2 ? from[1] : null;
      const toArea = target.length > 2 ? target[1] : null;
      if (!fromArea || !toArea) return;
      const toFile = target[target.length - 1].replace(/\.tsx?$/, '');
      const isRoutes = toFile === 'routes' || toFile.endsWith('-routes');
      if (isRoutes && fromArea !== toArea) {
        context.report({ node, messageId: 'serverRoutes', data: { from: fromArea, to: toArea } });
      }
      if (fromArea === 'db' && toArea === 'plugins') {
        context.report({ node, messageId: 'dbPlugin', data: { to: target.slice(2).join('/') } });
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
