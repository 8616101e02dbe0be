package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// SubjectOf is the prompt name or resource URI a request names, or the
// reference and argument a completion/complete completes (see
// Pair.Subject), "" for other methods.
func SubjectOf(m *mcp.RPCMessage) string {
	var key string
	switch m.Method {
	case "prompts/get":
		key = "name"
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		key = "uri"
	case "completion/complete":
		return completionSubject([]byte(m.Raw))
	default:
		return ""
	}
	// The one JSON scanner, indexed to the key only: encoding/json decoded
	// every param of the request, and one nested past its 10,000 levels
	// (a _meta, an argument) hid the subject.
	doc, err := jsonspan.Parse([]byte(m.Raw), jsonspan.Limits{Depth: 2})
	if err != nil {
		return ""
	}
	s, _ := doc.Root().Get("params").Get(key).Text()
	return s
}

// completionSubject is what a completion/complete asks about: the prompt
// or template (its ref) and the argument whose values it asks for, so a
// row of several says which argument each completed.
func completionSubject(raw []byte) string {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 3})
	if err != nil {
		return ""
	}
	return completionOf(doc.Root().Get("params"))
}

// CompletionSubject is completionSubject of a completion/complete's
// params alone, as exec's heading names what it completed: the same
// words the TUI's row says it in.
func CompletionSubject(params []byte) string {
	doc, err := jsonspan.Parse(params, jsonspan.Limits{Depth: 2})
	if err != nil {
		return ""
	}
	return completionOf(doc.Root())
}

// completionOf is the ref and the argument named in params, "review_code
// language".
func completionOf(params jsonspan.Value) string {
	ref, ok := params.Get("ref").Get("name").Text()
	if !ok {
		ref, _ = params.Get("ref").Get("uri").Text()
	}
	arg, _ := params.Get("argument").Get("name").Text()
	return strings.TrimSpace(ref + " " + arg)
}
