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

// leadingMessage reads the JSON-RPC message (not a batch) that body
// begins with when bytes follow it: that message's reading, and how many
// bytes trail it. trail is 0 when body is no such message with bytes
// after it; it is read only when pk, body's own reading, found no
// message, so a body that is one costs nothing more.
func leadingMessage(body []byte, pk mcp.ClientPeek) (lead mcp.ClientPeek, trail int) {
	if pk.Batch() || pk.Method() != "" || pk.ID() != nil {
		return pk, 0
	}
	n := firstObjectEnd(body)
	if n == 0 || len(bytes.TrimSpace(body[n:])) == 0 {
		return pk, 0
	}
	lead = mcp.PeekClient(body[:n])
	if lead.Method() == "" && lead.ID() == nil {
		return pk, 0
	}
	return lead, len(body) - n
}

// firstObjectEnd is where the JSON object body begins with ends, 0 when
// it begins with none (or its text breaks before its end): the one JSON
// tokenizer reads up to its closing brace and no further.
func firstObjectEnd(body []byte) int {
	s := jsonspan.NewScanner(body)
	for s.Next() == nil {
		t := s.Token()
		if t.Depth != 0 {
			continue
		}
		if t.Kind != jsonspan.Object {
			return 0
		}
		if t.Close {
			return t.To
		}
	}
	return 0
}

// trailingWords say what trails the client's message of a body whose
// last trail bytes follow it (leadingMessage).
func trailingWords(body []byte, trail int) string {
	what := ""
	if mcp.PeekClient(bytes.TrimSpace(body[len(body)-trail:])).Method() != "" {
		what = " (another message, back to back)"
	}
	return fmt.Sprintf("the client's body has %d bytes after its JSON-RPC message%s, logged as it came: a body holds one message or one batch, so upstream either reads the first message and leaves the rest unread, or refuses the body", trail, what)
}
