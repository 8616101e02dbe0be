package history

// NullIDError reports whether the row is an error with id null: JSON-RPC's
// answer to a request the server could not read (too large, or its id
// unreadable). Pairing opens it as an answer to an id we never sent, and
// it is no answer meant for another client: it is why a request of ours
// failed.
func (p *Pair) NullIDError() bool {
	return p.Kind == KindForeign && p.ID == "null" && p.State == StateRPCError
}
