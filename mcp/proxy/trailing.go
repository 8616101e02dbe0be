package proxy

import (
	"bytes"
	"fmt"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// A client's body that holds more than its JSON-RPC message (a stray byte
// or newline-less junk after it, or a second message back to back) is no
// JSON, and was logged "not JSON-RPC". A server that reads the body with
// a streaming decoder (one JSON value, the rest unread) answers the
// message all the same, and its answer read as one to an id the client
// never sent. So the proxy reads the message the body begins with, logs
// the body as it came under that message's reading, and says what
// trails it.

// leadingMessage reads the JSON-RPC message or batch that body begins
// with when bytes follow it: that message's reading, and where it ends in
// body. end is 0 when body is no such message with bytes after it; a
// message is read only when pk, body's own reading, found none, so a body
// that is one costs nothing more, and a batch only when it does not end
// with its bracket (bytes after a batch are what a batch body ends with
// then; a second batch back to back is not looked for, as that would
// read every batch twice).
func leadingMessage(body []byte, pk mcp.ClientPeek) (lead mcp.ClientPeek, end int) {
	kind := jsonspan.Object
	switch {
	case pk.Batch():
		if bytes.HasSuffix(bytes.TrimSpace(body), []byte("]")) {
			return pk, 0
		}
		kind = jsonspan.Array
	case pk.Method() != "" || pk.ID() != nil:
		return pk, 0
	}
	n := jsonspan.FirstValueEnd(body, kind)
	if n == 0 || len(bytes.TrimSpace(body[n:])) == 0 {
		return pk, 0
	}
	lead = mcp.PeekClient(body[:n])
	if !lead.Batch() && lead.Method() == "" && lead.ID() == nil {
		return pk, 0
	}
	return lead, n
}

// trailingWords say what trails the client's message (or batch) of a
// body: trail, the bytes after it (leadingMessage).
func trailingWords(trail []byte, batch bool) string {
	what, logged := "JSON-RPC message", "logged as it came"
	if batch {
		// The Observer reads a batch's members from its text: it is
		// logged without them, which this says.
		what, logged = "batch", "logged without them"
	}
	if mcp.PeekClient(bytes.TrimSpace(trail)).Method() != "" {
		what += " (another message, back to back)"
	}
	return fmt.Sprintf("the client's body has %d bytes after its %s, %s: a body holds one message or one batch, so upstream either reads the first and leaves the rest unread, or refuses the body", len(trail), what, logged)
}
