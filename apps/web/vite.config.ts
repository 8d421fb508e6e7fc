import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './src/build/precompress';

/**
 * antd's form context (which every antd input imports) needs only rc-form's FormProvider, but rc-form's index
 * hangs every part of the library on its default export, so importing it keeps all of rc-form and its
 * validator. Pointing that one import at the module defining FormProvider keeps ~13 KB gzip out of the
 * login bundle; screens that use antd's Form still get the whole library. If antd ever imports another name
 * there, the build fails on the missing export instead of misbehaving.
 */
function rcFormProviderOnly(): Plugin {
  return {
    name: 'ilson:rc-form-provider-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source !== '@rc-component/form' ||
        !importer?.replaceAll('\\', '/').endsWith('antd/es/form/context.js')
      ) {
        return null;
      }
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * /login is the plain login page, a second entry (docs/wire.md#the-login-page): the API server answers it with
 * login.html, and so do `vite` and `vite preview` here, before their fallback to index.html.
 */
function loginPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url === '/login' || req.url?.startsWith('/login?')) req.url = `/login.html${req.url.slice(6)}`;
    next();
  };
  return {
    name: 'ilson:login-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react(), rcFormProviderOnly(), precompress(), loginPage()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    manifest: true,
    // Every browser an admin uses supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: page('index.html'), login: page('login.html') },
      treeshake: {
        // @ilson/contracts holds declarations only: let the bundler drop the schemas (and zod) from screens
        // that use just its constants and messages. zod's Korean locale set-up (zod-setup.ts) still runs
        // wherever a schema is used, since every schema imports `z` from it.
        moduleSideEffects: [{ test: /packages\/contracts\/src\/[\w-]+\.ts$/, sideEffects: false }],
      },
    },
  },
});
