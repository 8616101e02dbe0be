package mcp

import "slices"

// Same reports whether e and o are the same event in every field: what a
// run of identical keep-alives is recorded by without comparing by
// reflection (which allocates, once per keep-alive of a flood). A field
// added to SSEEvent must be compared here too; a test counts them.
func (e *SSEEvent) Same(o *SSEEvent) bool {
	return e.Raw == o.Raw && e.SameStream(o) &&
		e.Name == o.Name && e.ID == o.ID && e.HasID == o.HasID && e.Retry == o.Retry &&
		e.Data == o.Data && slices.Equal(e.Comments, o.Comments) &&
		e.dataAt == o.dataAt && e.hasDataAt == o.hasDataAt && e.Cut == o.Cut
}

// SameStream reports whether e and o came on the same stream: the same
// connection, the same kind of stream, the response stream of the same
// request. A run of keep-alives is folded only within one stream.
func (e *SSEEvent) SameStream(o *SSEEvent) bool {
	return e.Conn == o.Conn && e.Stream == o.Stream && e.ReqSeq == o.ReqSeq
}
