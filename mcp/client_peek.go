package mcp

// ClientPeek is a client's message as the Observer reads it, read once:
// the proxy routes by it (its method, id and params) and hands it on to
// ClientMessagePeeked, so a large body is not read a second time. A
// batch's members are read by the Observer as it logs them.
type ClientPeek struct {
	p     peeked
	sh    shape
	batch bool
}

// PeekClient reads the client's message body with the one JSON reader,
// members by their exact names (the last of a name, as encoding/json
// reads it).
func PeekClient(body []byte) ClientPeek {
	if isBatch(body) {
		return ClientPeek{batch: true}
	}
	p, sh := shapeOf(body)
	return ClientPeek{p: p, sh: sh}
}

// Batch reports a batch (a JSON array); its members' peeks are not kept.
func (c ClientPeek) Batch() bool { return c.batch }

// Method is the message's method, "" when it has none or it is no string.
func (c ClientPeek) Method() string { return c.p.method }

// ID is the exact bytes of the message's id, nil when it has none.
func (c ClientPeek) ID() []byte { return c.p.id }

// Params is the exact bytes of the message's params, nil when it has none.
func (c ClientPeek) Params() []byte { return c.p.params }
