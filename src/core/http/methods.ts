/** The methods whose request body WordPress reads as parameters (and whose writes need a signed-in user by default). */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
