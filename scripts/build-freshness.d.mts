// Types for the parts of build-freshness.mjs that the tests import (the script stays plain
// JavaScript so that `npm start` runs it without a compiler).
export declare const BUILD_DIR: string;
export declare const BUILD_INPUTS: readonly string[];
export declare const BUILD_OUTPUTS: readonly string[];
