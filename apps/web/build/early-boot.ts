import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify, transformWithOxc, type Plugin, type Rollup } from 'vite';

/** The parts of src/boot/early.ts the build reads (its routes), as plain values. */
interface EarlyRouteShape {
  path: string;
  page: string;
  namespaces: string[];
}
interface EarlyAssets {
  scripts: string[];
  styles: string[];
  namespaces: Record<string, string[]>;
}
const LANGUAGES = ['es', 'en'];

/**
 * The app page's inline boot script (issue 24 section 4): src/boot/early.ts without its types and `export`s, given
 * the files of each early route's code as this build named them (the shell's, the page's and their imports' scripts
 * and stylesheets, and the page's translation namespaces per language, less what index.html already loads), minified
 * and written first in index.html's <head>. The server allows it by its hash (lib/security-headers.ts). A route
 * whose page module or namespace is not in the build stops the build.
 */
export function earlyBoot(root: string): Plugin {
  const sourceFile = join(root, 'src/boot/early.ts');
  return {
    name: 'amparo-early-boot',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        const compiled = await earlyScript(readFileSync(sourceFile, 'utf8'));
        const routes = new Function(`${compiled}\nreturn EARLY_ROUTES;`)() as EarlyRouteShape[];
        const assets = ctx.bundle ? routeAssets(routes, ctx.bundle, root) : {};
        const { code } = await minify('early.js', `(function(){${compiled}\nstart(${JSON.stringify(assets)});})();`);
        const marker = '<meta charset="UTF-8" />';
        if (!html.includes(marker)) throw new Error('index.html without <meta charset="UTF-8" />');
        return html.replace(marker, `${marker}\n    <script>${code.trim()}</script>`);
      },
    },
  };
}

/** early.ts as a plain script: types stripped, `export` dropped (its functions stay local to the inline wrapper). */
export async function earlyScript(source: string): Promise<string> {
  const { code } = await transformWithOxc(source, 'early.ts', { lang: 'ts' });
  return code.replace(/^export \{\s*\};?$/gm, '').replace(/^export /gm, '');
}

function routeAssets(routes: EarlyRouteShape[], bundle: Rollup.OutputBundle, root: string) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byModule = new Map<string, Rollup.OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
  const chunkOf = (module: string) => {
    const chunk = byModule.get(join(root, module));
    if (!chunk) throw new Error(`early boot: ${module} is in no chunk of the build`);
    return chunk;
  };
  const closure = (chunk: Rollup.OutputChunk, into = new Set<Rollup.OutputChunk>()) => {
    if (into.has(chunk)) return into;
    into.add(chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') closure(imported, into);
    }
    return into;
  };
  const entry = chunkOf('src/main.tsx');
  const inHtml = closure(entry);
  const cssOf = (chunk: Rollup.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
  const htmlCss = new Set([...inHtml].flatMap(cssOf));
  const files = (list: Rollup.OutputChunk[]) => {
    const shown = new Set<Rollup.OutputChunk>();
    for (const chunk of list) closure(chunk, shown);
    const own = [...shown].filter((c) => !inHtml.has(c));
    return {
      scripts: own.map((c) => `/${c.fileName}`),
      styles: [...new Set(own.flatMap(cssOf))].filter((f) => !htmlCss.has(f)).map((f) => `/${f}`),
    };
  };
  const shell = chunkOf('src/app/shell.tsx');
  const assets: Record<string, EarlyAssets> = {};
  for (const route of routes) {
    const namespaces: Record<string, string[]> = {};
    for (const lang of LANGUAGES)
      namespaces[lang] = files(route.namespaces.map((ns) => chunkOf(`src/locales/${lang}/${ns}.json`))).scripts;
    assets[route.path] = { ...files([shell, chunkOf(route.page)]), namespaces };
  }
  return assets;
}
