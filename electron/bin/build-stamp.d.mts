export declare const BUILD_INPUT_DIRS: readonly string[];
export declare const BUILD_INPUT_FILES: readonly string[];
export declare const BUILD_OUTPUTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function buildInputsDigest(root: string): string;
export declare function isBuildCurrent(root: string): boolean;
export declare function writeBuildStamp(root: string): void;
