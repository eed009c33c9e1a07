export declare const CHROMIUM_ARGS: string[]
export declare function chromiumExecutable(): Promise<string | undefined>
export declare function chromiumSource(): Promise<string>
export declare function chromiumPath(): Promise<string>
