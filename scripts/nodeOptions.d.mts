export declare const SERVER_NODE_OPTIONS: string[];
export declare function withServerNodeOptions(existing?: string): string;
