// CSS modules beside each feature: the bundler turns class names into unique ones.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
