import type { BuildConfig } from './config';

declare const __TROBLY_BUILD__: BuildConfig;

/** This build's target, version and app origins (esbuild's `define`; see scripts/build-extension.ts). */
export const BUILD: BuildConfig = __TROBLY_BUILD__;
