package history

// UnaskedReply reports whether the row is a proxied client's reply that no
// server request waited for (one upstream never asked, or one answered
// already): pairing opens such a reply as a server-request row of its own,
// with no request in it, so it is the client's message, not the server's.
func (p *Pair) UnaskedReply() bool {
	return p.Kind == KindServerRequest && p.Request == nil
}
