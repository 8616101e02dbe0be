package history

// NullIDError reports whether the row is an error with id null (see
// mcp.RPCMessage.NullIDError): pairing opens it as an answer to an id we
// never sent, and it is why a request of ours failed.
func (p *Pair) NullIDError() bool {
	return p.Kind == KindForeign && p.Response != nil && p.Response.RPC != nil && p.Response.RPC.NullIDError()
}
