package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// SubjectOf is the prompt name or resource URI a request names, the
// reference and argument a completion/complete completes, or what a
// subscriptions/listen subscribes to (see Pair.Subject), "" for other
// methods.
func SubjectOf(m *mcp.RPCMessage) string {
	var key string
	switch m.Method {
	case "prompts/get":
		key = "name"
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		key = "uri"
	case "completion/complete":
		return completionSubject([]byte(m.Raw))
	case ListenMethod:
		return listenSubject([]byte(m.Raw))
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

// listKinds are the list changes a subscriptions/listen may ask for, in
// the order its subject names them.
var listKinds = []string{"tools", "resources", "prompts"}

// listenSubject is what a subscriptions/listen subscribes to, short, so
// the session's stream and one typed by hand read apart in Pairs: "all
// lists" (the session's own), "tools", "tools,prompts 2 uris", "1 uri". Other
// members of its notifications are named as they are.
func listenSubject(raw []byte) string {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 4})
	if err != nil {
		return ""
	}
	var lists, rest []string
	for key, v := range doc.Root().Get("params").Get("notifications").Members() {
		switch kind, isList := strings.CutSuffix(key, "ListChanged"); {
		case isList && slices.Contains(listKinds, kind):
			if string(v.Raw()) == "true" {
				lists = append(lists, kind)
			}
		case key == "resourceSubscriptions" && v.Kind() == jsonspan.Array:
			if n := v.Len(); n == 1 {
				rest = append(rest, "1 uri")
			} else if n > 1 {
				rest = append(rest, strconv.Itoa(n)+" uris")
			}
		default:
			rest = append(rest, key)
		}
	}
	if len(lists) == len(listKinds) {
		lists = []string{"all lists"}
	} else {
		slices.SortFunc(lists, func(a, b string) int { return slices.Index(listKinds, a) - slices.Index(listKinds, b) })
	}
	if len(lists) > 0 {
		rest = append([]string{strings.Join(lists, ",")}, rest...)
	}
	return strings.Join(rest, " ")
}
