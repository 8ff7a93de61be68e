/**
 * css-tree's subpath exports (imported alone to keep the Lambda bundle small) have no types of their
 * own: each default export is the function @types/css-tree describes for the whole package.
 */
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}

declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk;
  export default walk;
}
