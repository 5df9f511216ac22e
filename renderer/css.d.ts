// CSS modules beside each feature: the bundler turns class names into unique ones.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';

// Written by the renderer build from package.json (electron.vite.config.mts); absent in tests.
interface ImportMetaEnv {
  readonly BULLPEN_VERSION?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
