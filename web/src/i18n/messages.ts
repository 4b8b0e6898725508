/** Another language's strings of an area: exactly the English keys and nesting, every leaf a string (ICU MessageFormat). */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
