// The model's own error: a mistake the user made (a duplicate name, a missing buffer), reported
// as one line. The command language's CommandError is one of these.
export class UserError extends Error {}
