export declare const CHROMIUM_ARGS: string[]
export declare function chromiumExecutable(): string | undefined
export declare function chromiumPath(): string
