/**
 * A compile-time check that a declared answer schema and the contract type the code builds
 * answers with describe the same thing: `agrees<z.output<typeof schema>, Contract>()` fails to
 * type-check when either has a field the other lacks, optional or not, or types it differently.
 * (TypeScript's own identity check, which unlike `extends` both ways also tells optional fields.)
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export function agrees<A, B>(..._proof: Same<A, B> extends true ? [] : [never]): void {}
